"""Build cgsolve's Python extension from the C library's own sources.

The extension (cgsolve._cgsolve) compiles the library's folders of src/
(core, octal, framework, games, api) of this source tree into itself, so
nothing has to be installed first and nothing is looked up at run time:
`pip install ./python` is the whole set-up.
CGSOLVE_SOURCE_DIR names another checkout of cgsolve to build from.
"""
import glob
import os
import re
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.abspath(os.environ.get("CGSOLVE_SOURCE_DIR", os.path.join(HERE, "..")))


def project_version():
    """The one version number, from the top CMakeLists.txt's project()."""
    with open(os.path.join(SOURCE, "CMakeLists.txt"), encoding="utf-8") as cmake:
        found = re.search(r"project\(cgsolve VERSION (\d+)\.(\d+)\.(\d+)", cmake.read())
    if found is None:
        raise RuntimeError(f"no project(cgsolve VERSION ...) in {SOURCE}/CMakeLists.txt")
    return found.groups()


def generated_include(version):
    """version.h, as CMake's configure_file writes it from version.h.in."""
    major, minor, patch = version
    with open(os.path.join(SOURCE, "include/cgsolve/version.h.in"), encoding="utf-8") as f:
        text = f.read()
    for key, value in {
        "PROJECT_VERSION": f"{major}.{minor}.{patch}",
        "PROJECT_VERSION_MAJOR": major,
        "PROJECT_VERSION_MINOR": minor,
        "PROJECT_VERSION_PATCH": patch,
    }.items():
        text = text.replace(f"@{key}@", value)
    out = os.path.join(HERE, "build", "generated")
    os.makedirs(os.path.join(out, "cgsolve"), exist_ok=True)
    path = os.path.join(out, "cgsolve", "version.h")
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return out


class build_ext_with_library(build_ext):
    """Compile the library's sources (outside this directory, which setuptools
    does not let an Extension list) and link their objects in."""

    def build_extension(self, ext):
        if not LIBRARY:
            raise RuntimeError(f"no C sources under {SOURCE}/src: set CGSOLVE_SOURCE_DIR")
        def compile_one(source):
            return self.compiler.compile(
                [source],
                output_dir=os.path.join(self.build_temp, "library"),
                macros=ext.define_macros,
                # the library's own files reach its internal headers; the
                # extension itself sees only the installed ones
                include_dirs=ext.include_dirs + [os.path.join(SOURCE, "src")],
                extra_postargs=ext.extra_compile_args,
                depends=ext.depends,
            )

        # two compilers at a time (CGSOLVE_JOBS to change it)
        with ThreadPoolExecutor(int(os.environ.get("CGSOLVE_JOBS", "2"))) as pool:
            objects = [o for done in pool.map(compile_one, LIBRARY) for o in done]
        ext.extra_objects = objects
        super().build_extension(ext)


VERSION = project_version()
LAYERS = ("core", "octal", "framework", "games", "api")
LIBRARY = [
    path
    for layer in LAYERS
    for path in sorted(glob.glob(os.path.join(SOURCE, "src", layer, "*.c")))
]

setup(
    version=".".join(VERSION),
    cmdclass={"build_ext": build_ext_with_library},
    ext_modules=[
        Extension(
            "cgsolve._cgsolve",
            sources=["src/_cgsolve.c"],
            include_dirs=[
                os.path.join(SOURCE, "include"),  # the public headers only
                generated_include(VERSION),
            ],
            define_macros=[("_POSIX_C_SOURCE", "200809L")],
            extra_compile_args=["-std=c11", "-O2"],
            extra_link_args=["-pthread"],
            # rebuilt when any of the library changes
            depends=LIBRARY + sorted(glob.glob(os.path.join(SOURCE, "src/*/*.h")))
            + sorted(glob.glob(os.path.join(SOURCE, "include/cgsolve/**/*.h"), recursive=True)),
        )
    ],
)
