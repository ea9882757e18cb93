/*
 * bench_tool.h - where pyperformance runs from: the Python under test by
 * its own path, the cache directory (the user's, outside any DATA:
 * ~/.cache/perfviews/pyperformance, unless given), held by one recording
 * at a time, and in it the tool environment, a virtual environment made
 * from that Python with pyperformance installed, once.  pip's failures
 * are one line (no package index: give wheels with PIP_FIND_LINKS).
 */
#ifndef PERFVIEWS_BENCH_TOOL_H
#define PERFVIEWS_BENCH_TOOL_H

/*
 * The interpreter's own path, sys.executable (a pyenv shim that finds no
 * version is a clear error, as is a Python that does not run).  Free it.
 */
char *bench_python_path(const char *python);

/* path made absolute (it exists; fatal otherwise).  Free it. */
char *bench_absolute(const char *path);

/*
 * The cache directory, cache or (NULL or "") the user's: made, absolute,
 * and locked until the process ends (the other recordings that use it
 * wait).  Free it.
 */
char *bench_cache_dir(const char *cache);

/*
 * The python of python's tool environment in cache, made when there is
 * none (what pip says into log), a relative PIP_FIND_LINKS made absolute
 * first (pip runs in other directories).  Free it.  A failure is fatal,
 * in one line, leaving no half-made environment.
 */
char *bench_tool_python(const char *python, const char *cache, const char *log);

#endif
