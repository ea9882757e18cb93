/*
 * options.h - a program's options, declared once.
 *
 * A program's options are a table, one row each: its letter and long
 * name, the name of its value, where the value goes (a field of the
 * program's options struct, by offset) and how it is read, and its help
 * line.  The table drives getopt_long (program_parse, in cli.h), the
 * --help text and `PROG --list-options`, which the man-page check reads.
 * git's parse_options is the model: rows are written with the OPT_
 * macros, which check the field's type at compile time.
 *
 * A shared table (the views' options) is one OPT_TABLE row, its fields
 * relative to a struct inside the program's own; a program's own row of
 * the same long name comes first and overrides the shared one.  Values
 * are checked as they are read: a bad one is a usage error naming the
 * option, in the words option_count, option_percent and OPT_CHOICE use
 * everywhere ("--sort: self or total, not 'x'").
 */
#ifndef PERFVIEWS_OPTIONS_H
#define PERFVIEWS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum option_kind {
	OPTION_END,      /* ends a table */
	OPTION_FLAG,     /* bool: set true */
	OPTION_TEXT,     /* const char *: the value */
	OPTION_COUNT,    /* uint64_t: a whole number */
	OPTION_UNSIGNED, /* unsigned: a whole number */
	OPTION_PERCENT,  /* double: 0 to 100 */
	OPTION_LIST,     /* struct option_list: each value added */
	OPTION_CHOICE,   /* an int (or enum): the value of the word given */
	OPTION_SET,      /* an int (or enum): set to the row's value */
	OPTION_CALL,     /* call(field, value): anything else */
	OPTION_TABLE,    /* another table's rows, their fields in this one */
	OPTION_NOTE,     /* a line of help only: "  A, B   the profiles" */
};

/* A word an OPT_CHOICE takes, and the value it stands for. */
struct option_choice {
	const char *word;
	int value;
};

struct option_row {
	int letter;       /* the short option, or 0 */
	const char *name; /* the long option, without "--" */
	const char *arg;  /* its value in --help ("N"); NULL: takes none */
	enum option_kind kind;
	size_t offset; /* of its field in the options struct */
	/* Its --help text; a line break continues it under the first line,
	 * one at the start puts it all below the option; NULL: not shown. */
	const char *help;
	bool positive; /* OPTION_COUNT, OPTION_UNSIGNED: 0 is refused */
	int value;     /* OPTION_SET */
	const struct option_choice *choices; /* OPTION_CHOICE; {NULL} ends */
	/* OPTION_CALL: value NULL for an option without one; option is
	 * "--name", for messages (valid during the call only). */
	void (*call)(void *field, const char *value, const char *option);
	const struct option_row *table; /* OPTION_TABLE */
};

/* The offset of field f of T, which must be of type type. */
#define OPTION_FIELD(T, f, type)                                               \
	(offsetof(T, f) + 0 * sizeof((type *)0 == &((T *)0)->f))
/* The offset of field f of T, which must be an int or an enum. */
#define OPTION_INT_FIELD(T, f)                                                 \
	(offsetof(T, f) +                                                      \
	 0 * sizeof(char[sizeof(((T *)0)->f) == sizeof(int) ? 1 : -1]))

#define OPT_FLAG(l, n, T, f, h)                                                \
	{                                                                      \
		.letter = (l), .name = (n), .kind = OPTION_FLAG,               \
		.offset = OPTION_FIELD(T, f, bool), .help = (h)                \
	}
#define OPT_TEXT(l, n, a, T, f, h)                                             \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_TEXT,   \
		.offset = OPTION_FIELD(T, f, const char *), .help = (h)        \
	}
#define OPT_COUNT(l, n, a, T, f, h)                                            \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_COUNT,  \
		.offset = OPTION_FIELD(T, f, uint64_t), .help = (h)            \
	}
#define OPT_POSITIVE(l, n, a, T, f, h)                                         \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_COUNT,  \
		.offset = OPTION_FIELD(T, f, uint64_t), .help = (h),           \
		.positive = true                                               \
	}
#define OPT_UNSIGNED(l, n, a, T, f, h)                                         \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a),                        \
		.kind = OPTION_UNSIGNED,                                       \
		.offset = OPTION_FIELD(T, f, unsigned), .help = (h)            \
	}
#define OPT_POSITIVE_UNSIGNED(l, n, a, T, f, h)                                \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a),                        \
		.kind = OPTION_UNSIGNED,                                       \
		.offset = OPTION_FIELD(T, f, unsigned), .help = (h),           \
		.positive = true                                               \
	}
#define OPT_PERCENT(l, n, a, T, f, h)                                          \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a),                        \
		.kind = OPTION_PERCENT, .offset = OPTION_FIELD(T, f, double),  \
		.help = (h)                                                    \
	}
#define OPT_LIST(l, n, a, T, f, h)                                             \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_LIST,   \
		.offset = OPTION_FIELD(T, f, struct option_list), .help = (h)  \
	}
#define OPT_CHOICE(l, n, a, T, f, c, h)                                        \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_CHOICE, \
		.offset = OPTION_INT_FIELD(T, f), .choices = (c), .help = (h)  \
	}
/* fn(&field, value, "--name"); the field may be a whole struct. */
#define OPT_CALL(l, n, a, T, f, fn, h)                                         \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_CALL,   \
		.offset = offsetof(T, f), .call = (fn), .help = (h)            \
	}
/* fn(&options, value, "--name"): the options struct itself. */
#define OPT_CALL_ALL(l, n, a, fn, h)                                           \
	{                                                                      \
		.letter = (l), .name = (n), .arg = (a), .kind = OPTION_CALL,   \
		.offset = 0, .call = (fn), .help = (h)                         \
	}
/* An int (or enum) field set to v. */
#define OPT_SET(l, n, T, f, v, h)                                              \
	{                                                                      \
		.letter = (l), .name = (n), .kind = OPTION_SET,                \
		.offset = OPTION_INT_FIELD(T, f), .value = (v), .help = (h)    \
	}
#define OPT_TABLE(T, f, t)                                                     \
	{                                                                      \
		.kind = OPTION_TABLE, .offset = offsetof(T, f), .table = (t)   \
	}
#define OPT_NOTE(a, h)                                                         \
	{                                                                      \
		.arg = (a), .kind = OPTION_NOTE, .help = (h)                   \
	}
#define OPT_END                                                                \
	{                                                                      \
		.kind = OPTION_END                                             \
	}

/* The values of an option given again and again (--set A --set B), in order. */
struct option_list {
	const char **v; /* NULL until the first */
	size_t n, cap;
};
void option_list_add(struct option_list *values, const char *value);
void option_list_free(struct option_list *values);

/* Strict number parsing: the whole string must be the number. */
bool parse_u64(const char *s, uint64_t *out);
bool parse_double(const char *s, double *out);

/* Values of options; each is a usage error naming the option when bad. */
double option_percent(const char *arg, const char *option);
uint64_t option_count(const char *arg, const char *option, bool zero_ok);

/* A table's --help lines. */
void options_help(FILE *out, const struct option_row *rows);

/* Each long option of a table, "--name" a line (--list-options). */
void options_list(FILE *out, const struct option_row *rows);

/* What getopt_long returns for a row without a letter: this and up. */
enum { OPTION_CODE = 0x100 };

/*
 * A table made ready for getopt_long: its rows in order, shared tables
 * spliced in (their fields' offsets made whole), a row whose long name or
 * letter came before dropped.
 */
struct option;
struct option_set {
	struct option_set_row {
		const struct option_row *row;
		size_t offset; /* of its field in the program's options */
		int code;      /* what getopt_long returns for it */
	} * rows;
	size_t n, cap;
	struct option *longopts; /* for getopt_long: ends with a zero entry */
	char shortopts[128];     /* the letters, ':' after those with values */
};

void option_set_init(struct option_set *s, const struct option_row *rows);
void option_set_free(struct option_set *s);

/* The letter of row i (the first row of a letter takes it), or 0. */
int option_set_letter(const struct option_set *s, size_t i);

/*
 * The option getopt_long returned as code: its value put in its field of
 * opts (a usage error when bad).  False when code is none of the set's.
 */
bool option_set_apply(const struct option_set *s, int code, void *opts,
                      const char *value);

#endif
