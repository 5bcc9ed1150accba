"""Build only ultisolver._solver_core of the peer (UltiArena), in place in src/.
Same Cython directives as the project's setup_cython.py; the project states no C flags,
so Python's default (-O3 here) applies; -O3 is passed explicitly as well.
Run by scripts/peer/build.sh: PEER/venv/bin/python setup.py build_ext --inplace, with PEER_SRC
set to the peer's source tree (PEER/src).
"""
import os
os.chdir(os.environ["PEER_SRC"])
from setuptools import setup, Extension
from Cython.Build import cythonize

_DIRECTIVES = {"boundscheck": False, "wraparound": False, "cdivision": True,
               "nonecheck": False, "language_level": "3"}
ext = Extension(name="ultisolver._solver_core",
                sources=["ultisolver/_solver_core.pyx"],
                extra_compile_args=["-O3"])
setup(name="ultiarena-solver-core",
      ext_modules=cythonize([ext], compiler_directives=_DIRECTIVES),
      package_dir={"ultisolver": "ultisolver"},
      packages=["ultisolver", "ultisolver.games", "ultisolver.games.ulti"])
