/*
 * test_cli.c - the command-line skeleton every program shares
 * (base/cli.h): inputs, a program's options read by its
 * table, --help, --version and --list-options.
 */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "unit.h"

static void
open_input(void *path)
{
	cli_start("prog");
	int fd = input_open(path);
	printf("%s\n", fd == STDIN_FILENO ? "stdin" : "file");
	input_close(fd);
}

START_TEST(input_open_says_what_is_wrong)
{
	struct unit_child c;
	char path[UNIT_PATH];

	unit_child_run(open_input, "/", &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: /: Is a directory\n");
	unit_child_run(open_input, "/nonexistent/perfviews", &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: /nonexistent/perfviews: No such file "
	                        "or directory\n");
	unit_child_run(open_input, "-", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "stdin\n");
	unit_temp_file(path, "x\n");
	unit_child_run(open_input, path, &c);
	unlink(path);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "file\n");
	ck_assert_str_eq(c.err, "");
}
END_TEST

/* The text of an xz file, read by input_read and by input_stream. */
static void
read_xz(void *path)
{
	char buf[4096];
	unsigned long bytes = 0, lines = 0, sum = 0;
	ssize_t n;

	cli_start("prog");
	int fd = input_open(path);
	while ((n = input_read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++)
			bytes++, sum = sum * 31 + (unsigned char)buf[i];
	input_close(fd);
	fd = input_open(path);
	FILE *f = input_stream(fd);
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, f) != -1)
		lines++;
	free(line);
	fclose(f);
	input_close(fd);
	printf("%lu bytes, %lu lines, %lx\n", bytes, lines, sum);
}

/* path: count streams of text, xz-compressed, the last cut to keep bytes
 * of it (0: whole). */
static void
write_xz(const char *path, const char *text, int count, size_t keep)
{
	size_t n = strlen(text), cap = lzma_stream_buffer_bound(n), out = 0;
	uint8_t *buf = malloc(cap);
	FILE *f = fopen(path, "w");

	ck_assert_int_eq(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL,
	                                         (const uint8_t *)text, n, buf,
	                                         &out, cap),
	                 LZMA_OK);
	for (int i = 0; i < count; i++)
		fwrite(buf, 1, i == count - 1 && keep ? keep : out, f);
	fclose(f);
	free(buf);
}

START_TEST(xz_inputs_read_decoded)
{
	struct unit_child c, plain;
	char dir[] = "/tmp/perfviews-unit.XXXXXX", xz[128], txt[128];
	char want[256];
	/* Larger than the decoder's input block, and than one read. */
	size_t n = 300000;
	char *text = malloc(n + 1);

	for (size_t i = 0; i < n; i++)
		text[i] = i % 61 == 60 ? '\n' : (char)('a' + i % 26);
	text[n] = '\0';
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(xz, sizeof xz, "%s/x.txt.xz", dir);
	snprintf(txt, sizeof txt, "%s/x.txt", dir);
	/* Two streams, as xz -dc reads them: the text twice, as it is. */
	FILE *f = fopen(txt, "w");
	fputs(text, f);
	fputs(text, f);
	fclose(f);
	write_xz(xz, text, 2, 0);
	unit_child_run(read_xz, txt, &plain);
	unit_child_run(read_xz, xz, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "");
	ck_assert_str_eq(c.out, plain.out);
	/* Its lines: the newlines twice, and the last line not ended. */
	size_t newlines = 0;
	for (size_t i = 0; i < n; i++)
		newlines += text[i] == '\n';
	snprintf(want, sizeof want, "%zu bytes, %zu lines,", 2 * n,
	         2 * newlines + 1);
	ck_assert_msg(strncmp(c.out, want, strlen(want)) == 0, "%s", c.out);
	/* Cut inside the second stream: an error, not a short text. */
	write_xz(xz, text, 2, 100);
	unit_child_run(read_xz, xz, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.out, "");
	snprintf(want, sizeof want,
	         "prog: %s: the file is cut or corrupt (xz: it ends inside a "
	         "stream)\n",
	         xz);
	ck_assert_str_eq(c.err, want);
	unlink(xz);
	unlink(txt);
	rmdir(dir);
	free(text);
}
END_TEST

static void
collect(void *ctx, const char *path)
{
	strcat(ctx, path);
	strcat(ctx, "|");
}

START_TEST(inputs_and_their_names)
{
	char seen[64] = "";
	char *argv[] = {"a", "-", "b"};

	ck_assert_str_eq(input_name("-"), "stdin");
	ck_assert_str_eq(input_name("x.txt"), "x.txt");
	ck_assert_str_eq(input_name("--"), "--");
	each_input(0, argv, collect, seen);
	ck_assert_str_eq(seen, "-|");
	seen[0] = '\0';
	each_input(3, argv, collect, seen);
	ck_assert_str_eq(seen, "a|-|b|");
}
END_TEST

/* A program of one flag and one option with a value. */
struct test_options {
	bool flag;
	struct option_list limits;
};

static const struct option_row test_rows[] = {
    OPT_FLAG('f', "flag", struct test_options, flag, "a flag"),
    OPT_LIST('l', "limit", "N", struct test_options, limits, NULL),
    OPT_END,
};

static const struct program test_program = {
    .name = "prog",
    .operands = "[file ...]",
    .summary = "a test program",
    .options = test_rows,
    .reads_files = true,
};

/* The options of a command line, then the operands, one a line. */
static void
run_options(void *arg)
{
	char **argv = arg;
	int argc = 0;
	struct test_options o = {0};

	while (argv[argc] != NULL)
		argc++;
	cli_start("prog");
	int first = program_parse(&test_program, argc, argv, &o);
	printf("flag %d\n", o.flag);
	for (size_t i = 0; i < o.limits.n; i++)
		printf("limit %s\n", o.limits.v[i]);
	for (int i = first; i < argc; i++)
		printf("operand %s\n", argv[i]);
	option_list_free(&o.limits);
}

START_TEST(program_options)
{
	struct unit_child c;
	char *good[] = {"prog", "-f", "--limit=3", "-l", "4", "in", NULL};
	char *unknown[] = {"prog", "--nope=1", NULL};
	char *missing[] = {"prog", "-l", NULL};
	char *version[] = {"prog", "--version", "-x", NULL};
	char *help[] = {"prog", "-h", NULL};
	char *list[] = {"prog", "--list-options", NULL};

	unit_child_run(run_options, good, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "flag 1\nlimit 3\nlimit 4\noperand in\n");
	unit_child_run(run_options, unknown, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "prog: unknown option: --nope\n"
	                        "usage: prog [-f] [file ...]\n"
	                        "Try 'prog --help'.\n");
	unit_child_run(run_options, missing, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "prog: needs a value: -l\n"
	                        "usage: prog [-f] [file ...]\n"
	                        "Try 'prog --help'.\n");
	unit_child_run(run_options, version, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "prog (perfviews) " PERFVIEWS_VERSION "\n");
	unit_child_run(run_options, help, &c);
	ck_assert_int_eq(c.status, 0);
	const char *usage = "usage: prog [-f] [file ...]\n"
	                    "a test program\n\n"
	                    "  -f, --flag              a flag\n"
	                    "  -h, --help              show this help\n";
	ck_assert_msg(strncmp(c.out, usage, strlen(usage)) == 0, "%s", c.out);
	ck_assert_ptr_nonnull(strstr(c.out, "\nSee prog(1).\n"));
	/* What the man-page check reads: the options --help shows. */
	unit_child_run(run_options, list, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "--flag\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {input_open_says_what_is_wrong,
	                        xz_inputs_read_decoded, inputs_and_their_names,
	                        program_options, NULL};
	return unit_main("cli", tests);
}
