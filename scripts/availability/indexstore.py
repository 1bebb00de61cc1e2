"""Reading the compiler's index store (the one `swift build` writes in a debug build) through
the toolchain's libIndexStore, with ctypes. The C API is the toolchain's
usr/local/include/indexstore/indexstore.h (swiftlang/llvm-project,
clang/include/indexstore/indexstore.h).
"""

import ctypes
import os
import shutil


def toolchain():
    """The toolchain's usr folder: where `swiftc` on PATH lives (/opt/swift/usr here, /usr in
    the swift images)."""
    swiftc = shutil.which("swiftc")
    if not swiftc:
        raise OSError("no swiftc on PATH")
    return os.path.dirname(os.path.dirname(os.path.realpath(swiftc)))


LIBRARY = os.path.join(toolchain(), "lib", "libIndexStore.so")

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8

KIND_MODULE = 1
KIND_PARAMETER = 25
# Accessors (getter, setter, willSet, didSet, addressors, read, modify, init, borrow, mutate):
# the property or subscript they belong to is recorded at the same place.
ACCESSOR_SUBKINDS = {3, 4, 1000, 1001, 1002, 1003, 1014, 1015, 1016, 1017, 1018}
SUBKIND_GENERIC_PARAM = 1013
DEPENDENCY_RECORD = 2


class _Ref(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


_VP = ctypes.c_void_p
_UNIT = ctypes.CFUNCTYPE(ctypes.c_bool, _VP, _Ref)
_EACH = ctypes.CFUNCTYPE(ctypes.c_bool, _VP, _VP)


def _load():
    lib = ctypes.CDLL(LIBRARY)

    def fn(name, restype, *argtypes):
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, list(argtypes)

    fn("indexstore_store_create", _VP, ctypes.c_char_p, ctypes.POINTER(_VP))
    fn("indexstore_store_dispose", None, _VP)
    fn("indexstore_store_units_apply_f", ctypes.c_bool, _VP, ctypes.c_uint, _VP, _UNIT)
    fn("indexstore_error_get_description", ctypes.c_char_p, _VP)
    fn("indexstore_unit_reader_create", _VP, _VP, ctypes.c_char_p, ctypes.POINTER(_VP))
    fn("indexstore_unit_reader_dispose", None, _VP)
    for part in ("main_file", "module_name", "output_file"):
        fn(f"indexstore_unit_reader_get_{part}", _Ref, _VP)
    fn("indexstore_unit_reader_get_modification_time", None, _VP,
       ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64))
    fn("indexstore_unit_reader_dependencies_apply_f", ctypes.c_bool, _VP, _VP, _EACH)
    fn("indexstore_unit_dependency_get_kind", ctypes.c_int, _VP)
    fn("indexstore_unit_dependency_get_name", _Ref, _VP)
    fn("indexstore_record_reader_create", _VP, _VP, ctypes.c_char_p, ctypes.POINTER(_VP))
    fn("indexstore_record_reader_dispose", None, _VP)
    fn("indexstore_record_reader_occurrences_apply_f", ctypes.c_bool, _VP, _VP, _EACH)
    fn("indexstore_occurrence_get_symbol", _VP, _VP)
    fn("indexstore_occurrence_get_roles", ctypes.c_uint64, _VP)
    fn("indexstore_occurrence_get_line_col", None, _VP, ctypes.POINTER(ctypes.c_uint),
       ctypes.POINTER(ctypes.c_uint))
    fn("indexstore_symbol_get_name", _Ref, _VP)
    fn("indexstore_symbol_get_usr", _Ref, _VP)
    fn("indexstore_symbol_get_kind", ctypes.c_int, _VP)
    fn("indexstore_symbol_get_subkind", ctypes.c_int, _VP)
    return lib


class Unit:
    def __init__(self, name, main_file, module, modified, records):
        self.name, self.main_file, self.module = name, main_file, module
        self.modified, self.records = modified, records


class Occurrence:
    def __init__(self, line, column, roles, name, usr, kind, subkind):
        self.line, self.column, self.roles = line, column, roles
        self.name, self.usr, self.kind, self.subkind = name, usr, kind, subkind


class Store:
    def __init__(self, path):
        self.lib = _load()
        error = _VP()
        self.store = self.lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            raise OSError(f"cannot open the index store {path}: "
                          f"{self.lib.indexstore_error_get_description(error).decode()}")

    def units(self):
        names = []
        callback = _UNIT(lambda _, name: names.append(_text(name)) or True)
        self.lib.indexstore_store_units_apply_f(self.store, 0, None, callback)
        out = []
        for name in names:
            reader = self.lib.indexstore_unit_reader_create(self.store, name.encode(), None)
            if not reader:
                continue
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            self.lib.indexstore_unit_reader_get_modification_time(
                reader, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            records = []

            def dependency(_, dep):
                if self.lib.indexstore_unit_dependency_get_kind(dep) == DEPENDENCY_RECORD:
                    records.append(_text(self.lib.indexstore_unit_dependency_get_name(dep)))
                return True

            self.lib.indexstore_unit_reader_dependencies_apply_f(reader, None, _EACH(dependency))
            out.append(Unit(name, _text(self.lib.indexstore_unit_reader_get_main_file(reader)),
                            _text(self.lib.indexstore_unit_reader_get_module_name(reader)),
                            seconds.value + nanoseconds.value / 1e9, records))
            self.lib.indexstore_unit_reader_dispose(reader)
        return out

    def occurrences(self, record):
        reader = self.lib.indexstore_record_reader_create(self.store, record.encode(), None)
        if not reader:
            raise OSError(f"cannot read the index record {record}")
        out = []
        lib = self.lib

        def occurrence(_, occ):
            symbol = lib.indexstore_occurrence_get_symbol(occ)
            line, column = ctypes.c_uint(), ctypes.c_uint()
            lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
            out.append(Occurrence(line.value, column.value,
                                  lib.indexstore_occurrence_get_roles(occ),
                                  _text(lib.indexstore_symbol_get_name(symbol)),
                                  _text(lib.indexstore_symbol_get_usr(symbol)),
                                  lib.indexstore_symbol_get_kind(symbol),
                                  lib.indexstore_symbol_get_subkind(symbol)))
            return True

        lib.indexstore_record_reader_occurrences_apply_f(reader, None, _EACH(occurrence))
        lib.indexstore_record_reader_dispose(reader)
        return out


def default_store(root):
    """The index store of the package's debug build (SwiftPM writes one on Linux too)."""
    for triple in sorted(os.listdir(os.path.join(root, ".build"))) if os.path.isdir(
            os.path.join(root, ".build")) else []:
        path = os.path.join(root, ".build", triple, "debug", "index", "store")
        if os.path.isdir(path) and not os.path.islink(os.path.join(root, ".build", triple)):
            return path
    return None
