/*
 * test_view_make.c - how the views of a data set are made
 * (dataset/view_make.h): each view's options by measure and Python, the
 * make fragment's views and rules by tag and by the strace file, and a
 * fragment rewritten only when what it says changes (the views' own time
 * in meta.json changes nothing).
 */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "dataset/view_make.h"
#include "unit.h"

/* view_options_write's line for a meta.json of the given text. */
static const char *
options(const char *meta_json, const char *view)
{
	static char *text;
	static size_t n;
	struct metadata m;
	char why[256];

	unit_dir_write("meta.json", meta_json);
	metadata_init(&m);
	ck_assert_msg(
	    metadata_read_json(&m, unit_dir_path("meta.json"), why, sizeof why),
	    "%s", why);
	free(text); /* the last call's, no longer used */
	FILE *f = open_memstream(&text, &n);
	if (!view_options_write(f, &m, view))
		fputs("(no such view)\n", f);
	fclose(f);
	metadata_free(&m);
	return text;
}

START_TEST(options_follow_measure_and_python)
{
	unit_dir_make();
	const char *plain = "{\"id\": \"w-perf-freq99\"}";
	const char *python =
	    "{\"id\": \"w-perf-freq99-xperf\", \"tags\": "
	    "[\"xperf\"], \"python\": {\"version\": \"3.12\"}}";
	const char *faults = "{\"id\": \"w-perf-freq99-faults\", \"tags\": "
	                     "[\"faults\"]}";

	ck_assert_str_eq(options(plain, "flat"), "\n");
	ck_assert_str_eq(options(plain, "folded"), "\n");
	ck_assert_str_eq(options(python, "folded"),
	                 "'--kernel' '--jit' '--python'\n");
	ck_assert_str_eq(options(python, "flamegraph"),
	                 "'--colors=python' '--countname=samples'\n");
	ck_assert_str_eq(options(faults, "callers"),
	                 "'--event=page-faults' '--inverted' '--max-depth=4' "
	                 "'--percent-limit=1'\n");
	ck_assert_str_eq(options(faults, "stability"),
	                 "'--event=page-faults'\n");
	ck_assert_str_eq(options(python, "bytecode-csv"), "'--format=csv'\n");
	ck_assert_str_eq(options(faults, "categories-svg"),
	                 "'--event=page-faults' '--format=svg'\n");
	/* The README and recorded files are made by no program of theirs. */
	ck_assert_str_eq(options(plain, "readme"), "(no such view)\n");
	ck_assert_str_eq(options(plain, "raw"), "(no such view)\n");
	ck_assert_str_eq(options(plain, "nonesuch"), "(no such view)\n");
	unit_dir_remove();
}
END_TEST

/* The fragment of data set id, whose raw file and meta.json are in DIR. */
static const char *
fragment(const char *id)
{
	char raw[256], meta[256];
	struct view_files f = {.id = id, .raw = raw, .meta = meta, .out = "o"};

	snprintf(raw, sizeof raw, "%s-raw.txt", unit_dir_path(id));
	snprintf(meta, sizeof meta, "%s-meta.json", unit_dir_path(id));
	view_make_fragment(unit_dir_path("views.mk"), &f);
	return unit_file_text(unit_dir_path("views.mk"));
}

START_TEST(fragment_lists_the_views_a_data_set_has)
{
	unit_dir_make();
	unit_dir_write("t-perf-freq9-meta.json", "{\"id\": \"t-perf-freq9\"}");
	const char *text = fragment("t-perf-freq9");
	ck_assert_ptr_nonnull(strstr(text, "\nVIEW_FILES = $(V)-flamegraph.svg "
	                                   "$(V)-flat.txt "));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-flat.txt: $(VIEW_RAW) $(BIN)/flatsort "
	                 "$(VIEWS_MK) $(BIN)/perfviews | views-check\n"
	                 "\t@$(call view,flat)\n"));
	ck_assert_ptr_nonnull(strstr(text,
	                             "\n$(V)-flamegraph.svg: $(V)-folded.txt "
	                             "$(BIN)/flamesvg "));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-README.md: $(V)-flat.txt $(V)-categories.txt "
	                 "$(VIEWS_MK) $(BIN)/perfviews | views-check\n"));
	/* Not the views of tag files, nor files made otherwise. */
	ck_assert_ptr_null(strstr(text, "python"));
	ck_assert_ptr_null(strstr(text, "files"));
	ck_assert_ptr_null(strstr(text, "callers"));
	ck_assert_ptr_null(strstr(text, "stability"));
	ck_assert_ptr_null(strstr(text, "meta.json:"));

	/* Python views: with tag xperf, or Python frames in the raw text. */
	unit_dir_write("x-perf-freq9-xperf-meta.json",
	               "{\"id\": \"x-perf-freq9-xperf\"}");
	text = fragment("x-perf-freq9-xperf");
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-python-flamegraph.svg: $(V)-python-folded.txt "
	                 "$(BIN)/flamesvg "));
	ck_assert_ptr_nonnull(strstr(text, "$(call view,python-csv)"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-README.md: $(V)-flat.txt $(V)-categories.txt "
	                 "$(V)-python.txt "));
	unit_dir_write("p-perf-freq9-meta.json",
	               "{\"id\": \"p-perf-freq9\", \"samples\": "
	               "{\"python\": 3}}");
	ck_assert_ptr_nonnull(
	    strstr(fragment("p-perf-freq9"), "$(call view,python)"));
	unit_dir_write("n-perf-freq9-meta.json",
	               "{\"id\": \"n-perf-freq9\", \"samples\": "
	               "{\"python\": 0}}");
	ck_assert_ptr_null(strstr(fragment("n-perf-freq9"), "python"));

	/* The eval loop's view: of a Python (python.*) counting time. */
	ck_assert_ptr_null(strstr(fragment("t-perf-freq9"), "bytecode"));
	ck_assert_ptr_null(strstr(fragment("p-perf-freq9"), "bytecode"));
	unit_dir_write("c-perf-freq9-meta.json",
	               "{\"id\": \"c-perf-freq9\", \"python\": "
	               "{\"executable\": \"/usr/bin/python3\"}}");
	text = fragment("c-perf-freq9");
	ck_assert_ptr_nonnull(
	    strstr(text, " $(V)-bytecode.txt $(V)-bytecode.csv "));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-bytecode.txt: $(VIEW_RAW) $(BIN)/bytecode "));
	ck_assert_ptr_nonnull(strstr(text, "$(call view,bytecode-csv)"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n$(V)-README.md: $(V)-flat.txt $(V)-categories.txt "
	                 "$(V)-bytecode.txt $(VIEWS_MK) "));
	ck_assert_ptr_null(strstr(text, "python"));
	unit_dir_write("c-perf-freq9-faults-meta.json",
	               "{\"id\": \"c-perf-freq9-faults\", \"tags\": "
	               "[\"faults\"], \"python\": {\"version\": \"3.12\"}}");
	ck_assert_ptr_null(strstr(fragment("c-perf-freq9-faults"), "bytecode"));

	/* Tag files: callers; the files view once strace's text is there. */
	unit_dir_write("f-perf-freq9-files-meta.json",
	               "{\"id\": \"f-perf-freq9-files\"}");
	text = fragment("f-perf-freq9-files");
	ck_assert_ptr_nonnull(strstr(text, "$(call view,callers)"));
	ck_assert_ptr_null(strstr(text, "$(call view,files)"));
	unit_dir_write("f-perf-freq9-files-strace.txt.xz", "");
	text = fragment("f-perf-freq9-files");
	ck_assert_ptr_nonnull(strstr(
	    text, "\n$(V)-files.txt: $(VIEW_STRACE) $(BIN)/fileaccess "));
	ck_assert_ptr_nonnull(strstr(text, "\n$(V)-README.md: $(V)-flat.txt "
	                                   "$(V)-categories.txt "
	                                   "$(V)-files.txt "));
	unit_dir_remove();
}
END_TEST

static struct timespec
mtime(const char *path)
{
	struct stat st;

	ck_assert_int_eq(stat(path, &st), 0);
	return st.st_mtim;
}

START_TEST(fragment_rewritten_only_when_it_changes)
{
	const char *id = "t-perf-freq9";
	char first[4096];

	unit_dir_make();
	unit_dir_write("t-perf-freq9-meta.json",
	               "{\"id\": \"t-perf-freq9\", \"timing\": "
	               "{\"views_seconds\": 1.5}}");
	snprintf(first, sizeof first, "%s", fragment(id));
	struct timespec t0 = mtime(unit_dir_path("views.mk"));
	/* The views' own time: the same fragment, the file left alone. */
	usleep(20000);
	unit_dir_write("t-perf-freq9-meta.json",
	               "{\"id\": \"t-perf-freq9\", \"timing\": "
	               "{\"views_seconds\": 2.75}}");
	ck_assert_str_eq(fragment(id), first);
	struct timespec t1 = mtime(unit_dir_path("views.mk"));
	ck_assert(t0.tv_sec == t1.tv_sec && t0.tv_nsec == t1.tv_nsec);
	/* Anything else it says: a new fragment. */
	unit_dir_write("t-perf-freq9-meta.json",
	               "{\"id\": \"t-perf-freq9\", \"host\": "
	               "{\"hostname\": \"elsewhere\"}}");
	ck_assert_str_ne(fragment(id), first);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {options_follow_measure_and_python,
	                        fragment_lists_the_views_a_data_set_has,
	                        fragment_rewritten_only_when_it_changes, NULL};
	return unit_main("view_make", tests);
}
