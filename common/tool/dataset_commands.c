/*
 * dataset_commands.c - perfviews id, name, meta and get: a data set's ID,
 * the names of its files and its meta.json, each a few lines of glue over
 * common/dataset (dataset_id: the ID grammar, file_kinds and suite_file:
 * the tables of files, metadata: meta.json, runs: what the raw file
 * tells).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/commands.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "dataset/runs.h"
#include "dataset/suite_file.h"
#include "pages/comparison_files.h"
#include "tool/dataset_commands.h"

const struct program id_program = {
    .name = "perfviews id",
    .operands = "ID",
    .summary = "Check ID and print its parts as shell assignments.",
};

int
cmd_id(const struct program *p, int argc, char *argv[])
{
	command_no_options(p, argc, argv);
	command_operands(p, argc - optind, 1, 1, "one ID");
	dataset_id_write_sh(stdout, argv[optind]);
	return EXIT_OK;
}

struct name_command {
	bool id, make;
	struct option_list data;    /* --make --compare: where an ID is found */
	struct option_list compare; /* --make: A and B, as make compare's */
};

#define O struct name_command
static const struct option_row name_options[] = {
    OPT_FLAG(0, "id", O, id,
             "the ID each FILE's name holds (a name no kind's\n"
             "suffix ends: itself)"),
    OPT_FLAG(0, "make", O, make,
             "every suffix (a data set's, a comparison's, a\n"
             "suite's) as make's assignments, one line"),
    OPT_LIST(0, "data", "DIR", O, data,
             "--make --compare: where an ID is found, in order\n"
             "(default data, then examples)"),
    OPT_LIST(0, "compare", "SIDE", O, compare,
             "--make, twice: the comparison of data sets A and B\n"
             "(IDs or files of theirs): its name, raw files, IDs"),
    OPT_END,
};
#undef O

const struct program name_program = {
    .name = "perfviews name",
    .forms = "KIND ID [DIR]\n"
             "--id FILE ...\n"
             "--make [--data]... [--compare --compare]\n",
    .summary = "The name of a data set's file of KIND, from the table of "
               "files that every writer and reader asks (perfviews(5)).",
    .options = name_options,
};

/*
 * A data set to compare as make compare takes it: DIR/ID or a file of
 * DIR's data set is found in DIR, an ID in the data directories in turn.
 * Its raw file, or NULL; its ID into *id and where it was looked for into
 * *dir (the first directory when not found).
 */
static char *
compared_raw(const char *given, const struct option_list *data, char **id,
             char **dir)
{
	const struct file_kind *raw = file_kind_named("raw");

	*id = file_kind_id_or_name(given, NULL);
	if (strchr(given, '/') != NULL) {
		*dir = file_kind_dir(given);
		return file_kind_find(raw, *dir, *id);
	}
	for (size_t i = 0; i < data->n; i++) {
		char *found = file_kind_find(raw, data->v[i], *id);
		if (found != NULL) {
			*dir = xstrdup(data->v[i]);
			return found;
		}
	}
	*dir = xstrdup(data->v[0]);
	return NULL;
}

/*
 * make compare's names: the comparison's (compare_files_name when both
 * raw files are found, as perfviews compare names them), each side's raw
 * file ("" when not found) and ID.
 */
static void
make_compare_names(const struct name_command *o)
{
	char *raw[2], *id[2], *dir[2], *last[2];

	for (int s = 0; s < 2; s++) {
		raw[s] =
		    compared_raw(o->compare.v[s], &o->data, &id[s], &dir[s]);
		last[s] = file_kind_dir_name(dir[s]);
	}
	char *name = raw[0] != NULL && raw[1] != NULL
	                 ? comparison_files_name(raw)
	                 : comparison_name(id[0], id[1], last[0], last[1]);
	printf(" pv_compare_name=%s", name);
	for (int s = 0; s < 2; s++) {
		printf(" pv_compare_raw_%c=%s pv_compare_id_%c=%s", "ab"[s],
		       raw[s] != NULL ? raw[s] : "", "ab"[s], id[s]);
		free(raw[s]);
		free(id[s]);
		free(dir[s]);
		free(last[s]);
	}
	free(name);
}

/*
 * perfviews name --make: make's variables, on one line ($(shell) makes
 * one of its output): pv_KIND (and pv_KIND_alt) each data-set kind's
 * suffix, pv_compare_KIND each comparison kind's, pv_suite_KIND (and
 * pv_suite_KIND_prefix) each of a suite's kinds'.
 */
static void
make_names(struct name_command *o)
{
	static char data[] = "data", examples[] = "examples";

	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		printf("%spv_%s=%s", i > 0 ? " " : "", k->kind, k->suffix);
		if (k->alt_suffix != NULL)
			printf(" pv_%s_alt=%s", k->kind, k->alt_suffix);
	}
	for (size_t i = 0; i < comparison_kind_count; i++)
		printf(" pv_compare_%s=%s", comparison_kinds[i].kind,
		       comparison_kinds[i].suffix);
	for (size_t i = 0; i < suite_file_kind_count; i++) {
		const struct suite_file_kind *k = &suite_file_kinds[i];
		printf(" pv_suite_%s=%s", k->kind, k->suffix);
		if (k->prefix != NULL)
			printf(" pv_suite_%s_prefix=%s", k->kind, k->prefix);
	}
	if (o->compare.n == 2) {
		if (o->data.n == 0) {
			option_list_add(&o->data, data);
			option_list_add(&o->data, examples);
		}
		make_compare_names(o);
	}
	putchar('\n');
}

int
cmd_name(const struct program *p, int argc, char *argv[])
{
	struct name_command o = {0};
	int first = program_parse(p, argc, argv, &o);

	if (o.id + o.make > 1 || (!o.make && (o.data.n || o.compare.n)) ||
	    (o.compare.n != 0 && o.compare.n != 2))
		program_usage(p);
	if (o.make) {
		command_operands(p, argc - first, 0, 0, "no operand");
		make_names(&o);
	} else if (o.id) {
		command_operands(p, argc - first, 1, argc, "a FILE");
		for (int i = first; i < argc; i++) {
			char *id = file_kind_id_or_name(argv[i], NULL);
			printf("%s\n", id);
			free(id);
		}
	} else {
		command_operands(p, argc - first, 2, 3, "KIND and ID");
		const struct file_kind *k = file_kind_named(argv[first]);
		if (k == NULL)
			usage_error("name: no kind of file '%s' (perfviews(5))",
			            argv[first]);
		char *path = argc - first == 3
		                 ? file_kind_path(k->kind, argv[first + 2],
		                                  argv[first + 1])
		                 : file_kind_name(k, argv[first + 1]);
		printf("%s\n", path);
		free(path);
	}
	option_list_free(&o.data);
	option_list_free(&o.compare);
	return EXIT_OK;
}

struct meta_command {
	const char *raw;
	struct option_list sets;
	bool strict;
};

/* --fields: the list, and nothing else. */
static void
fields_option(void *field, const char *value, const char *option)
{
	(void)field, (void)value, (void)option;
	metadata_write_fields(stdout);
	finish_output();
	exit(EXIT_OK);
}

static const struct option_row meta_options[] = {
    OPT_TEXT('r', "raw", "FILE", struct meta_command, raw,
             "count the samples (per run) of FILE"),
    OPT_FLAG(0, "strict", struct meta_command, strict,
             "a run of FILE not whole (cut short) is an error"),
    OPT_LIST('s', "set", "FIELD=VALUE", struct meta_command, sets,
             "set one field"),
    OPT_CALL_ALL(0, "fields", NULL, fields_option, "list the fields and exit"),
    OPT_END,
};

const struct program meta_program = {
    .name = "perfviews meta",
    .forms = "[--raw [--strict]] [--set]... ID [FILE ...]\n"
             "--fields",
    .summary = "Write meta.json of data set ID from FIELD=VALUE lines.",
    .options = meta_options,
};

/*
 * The meta.json of data set ID (its ID's fields), with the FIELD=VALUE
 * lines of the files, then --set, then what the raw file tells: samples,
 * runs, events, commands.
 */
int
cmd_meta(const struct program *p, int argc, char *argv[])
{
	struct meta_command o = {0};
	struct dataset_id id;
	struct metadata m;
	int first = program_parse(p, argc, argv, &o);

	command_operands(p, argc - first, 1, argc, "an ID");
	dataset_id_parse_or_die(argv[first], &id);
	metadata_init(&m);
	metadata_set_id(&m, &id);
	for (int i = first + 1; i < argc; i++)
		metadata_assign_file(&m, argv[i]);
	for (size_t i = 0; i < o.sets.n; i++)
		metadata_assign(&m, o.sets.v[i], "--set");
	if (o.raw != NULL)
		run_index_describe_file(&m, o.raw, o.strict);
	metadata_write(&m, stdout);
	metadata_free(&m);
	dataset_id_free(&id);
	option_list_free(&o.sets);
	return EXIT_OK;
}

const struct program get_program = {
    .name = "perfviews get",
    .operands = "META FIELD",
    .summary = "Print one field of a meta.json; nothing when it is null.",
};

int
cmd_get(const struct program *p, int argc, char *argv[])
{
	command_no_options(p, argc, argv);
	command_operands(p, argc - optind, 2, 2, "META and FIELD");
	metadata_print_field(stdout, argv[optind], argv[optind + 1]);
	return EXIT_OK;
}
