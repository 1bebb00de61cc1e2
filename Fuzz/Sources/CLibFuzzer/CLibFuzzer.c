// The declaration in include/CLibFuzzer.h is all this module holds; libFuzzer defines it.
#include "CLibFuzzer.h"
