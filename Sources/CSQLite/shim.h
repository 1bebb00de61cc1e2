#ifndef SPORTSTIME_CSQLITE_SHIM_H
#define SPORTSTIME_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
