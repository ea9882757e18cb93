/*
 * options.c - see options.h.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/options.h"
#include "base/xalloc.h"

/* --help's column of option names, and where the help text starts. */
enum { HELP_COLUMN = 26 };

bool
parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return false;
	*out = v;
	return true;
}

bool
parse_double(const char *s, double *out)
{
	char *end;

	/* strtod takes " 5", "inf" and "0x10": a number here is digits. */
	if (*s != '-' && *s != '.' && (*s < '0' || *s > '9'))
		return false;
	if (strpbrk(s, "xXnN") != NULL)
		return false;
	errno = 0;
	double v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || v != v)
		return false;
	*out = v;
	return true;
}

void
option_list_add(struct option_list *values, const char *value)
{
	values->v = array_reserve(values->v, &values->cap, values->n + 1,
	                          sizeof *values->v);
	values->v[values->n++] = value;
}

void
option_list_free(struct option_list *values)
{
	free(values->v);
	*values = (struct option_list){0};
}

double
option_percent(const char *arg, const char *option)
{
	double v;

	if (!parse_double(arg, &v) || v < 0 || v > 100)
		usage_error("%s: not a percentage from 0 to 100: '%s'", option,
		            arg);
	return v;
}

uint64_t
option_count(const char *arg, const char *option, bool zero_ok)
{
	uint64_t v;

	if (!parse_u64(arg, &v) || (v == 0 && !zero_ok))
		usage_error("%s: not a %s whole number: '%s'", option,
		            zero_ok ? "non-negative" : "positive", arg);
	return v;
}

/* Is a row of that long name in the set already (a program's own)? */
static bool
taken(const struct option_set *s, const struct option_row *r)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(r->name, s->rows[i].row->name) == 0)
			return true;
	return false;
}

/* Is the letter among the short options already? */
static bool
lettered(const struct option_set *s, size_t before, int letter)
{
	for (size_t i = 0; i < before; i++)
		if (s->rows[i].row->letter == letter)
			return true;
	return false;
}

int
option_set_letter(const struct option_set *s, size_t i)
{
	int letter = s->rows[i].row->letter;

	return letter != 0 && !lettered(s, i, letter) ? letter : 0;
}

/* The rows of a table, shared tables spliced in, each once. */
static void
add_rows(struct option_set *s, const struct option_row *rows, size_t offset)
{
	for (const struct option_row *r = rows; r->kind != OPTION_END; r++) {
		if (r->kind == OPTION_TABLE) {
			add_rows(s, r->table, offset + r->offset);
			continue;
		}
		if (r->kind == OPTION_NOTE || taken(s, r))
			continue;
		s->rows =
		    array_reserve(s->rows, &s->cap, s->n + 1, sizeof *s->rows);
		s->rows[s->n].row = r;
		s->rows[s->n].offset = offset + r->offset;
		s->rows[s->n].code =
		    r->letter != 0 ? r->letter : OPTION_CODE + (int)s->n;
		s->n++;
	}
}

void
option_set_init(struct option_set *s, const struct option_row *rows)
{
	size_t len = 0;

	memset(s, 0, sizeof *s);
	if (rows != NULL)
		add_rows(s, rows, 0);
	s->longopts = xreallocarray(NULL, s->n + 1, sizeof *s->longopts);
	for (size_t i = 0; i < s->n; i++) {
		const struct option_row *r = s->rows[i].row;
		bool value = r->arg != NULL;
		s->longopts[i] = (struct option){
		    r->name, value ? required_argument : no_argument, NULL,
		    s->rows[i].code};
		/* A letter's first row takes it: an alias shares its code. */
		if (option_set_letter(s, i) != 0 &&
		    len + 3 < sizeof s->shortopts) {
			s->shortopts[len++] = (char)r->letter;
			if (value)
				s->shortopts[len++] = ':';
		}
	}
	memset(&s->longopts[s->n], 0, sizeof s->longopts[s->n]);
	s->shortopts[len] = '\0';
}

void
option_set_free(struct option_set *s)
{
	free(s->rows);
	free(s->longopts);
	memset(s, 0, sizeof *s);
}

/* The value of a choice: its word's, or a usage error listing them. */
static int
choose(const struct option_row *r, const char *name, const char *value)
{
	char words[256] = "";
	size_t n = 0, len = 0;

	for (const struct option_choice *c = r->choices; c->word != NULL; c++)
		if (strcmp(c->word, value) == 0)
			return c->value;
		else
			n++;
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(words + len, sizeof words - len, "%s%s",
		                        i == 0       ? ""
		                        : i + 1 == n ? " or "
		                                     : ", ",
		                        r->choices[i].word);
	usage_error("%s: %s, not '%s'", name, words, value);
}

bool
option_set_apply(const struct option_set *s, int code, void *opts,
                 const char *value)
{
	for (size_t i = 0; i < s->n; i++) {
		if (s->rows[i].code != code)
			continue;
		const struct option_row *r = s->rows[i].row;
		char *field = (char *)opts + s->rows[i].offset;
		char name[64];
		snprintf(name, sizeof name, "--%s", r->name);
		switch (r->kind) {
		case OPTION_FLAG:
			*(bool *)field = true;
			break;
		case OPTION_TEXT:
			*(const char **)field = value;
			break;
		case OPTION_COUNT:
			*(uint64_t *)field =
			    option_count(value, name, !r->positive);
			break;
		case OPTION_UNSIGNED:
			*(unsigned *)field =
			    (unsigned)option_count(value, name, !r->positive);
			break;
		case OPTION_PERCENT:
			*(double *)field = option_percent(value, name);
			break;
		case OPTION_LIST:
			option_list_add((struct option_list *)field, value);
			break;
		case OPTION_CHOICE:
			*(int *)field = choose(r, name, value);
			break;
		case OPTION_SET:
			*(int *)field = r->value;
			break;
		case OPTION_CALL:
			r->call(field, value, name);
			break;
		default:
			break;
		}
		return true;
	}
	return false;
}

/* "  -n, --limit N", "      --title TEXT" or "  A, B": a row's name. */
static int
row_name(char *buf, size_t size, const struct option_row *r)
{
	if (r->kind == OPTION_NOTE)
		return snprintf(buf, size, "  %s", r->arg);
	if (r->letter != 0)
		return snprintf(buf, size, "  -%c, --%s%s%s", r->letter,
		                r->name, r->arg ? " " : "",
		                r->arg ? r->arg : "");
	return snprintf(buf, size, "      --%s%s%s", r->name, r->arg ? " " : "",
	                r->arg ? r->arg : "");
}

/* A row's lines: its name, then its help in a column of its own. */
static void
help_row(FILE *out, const struct option_row *r)
{
	char name[128];
	int width = row_name(name, sizeof name, r);
	const char *help = r->help;

	fputs(name, out);
	if (*help == '\n') {
		fputc('\n', out);
		width = 0;
		help++;
	}
	fprintf(out, "%*s", width + 2 <= HELP_COLUMN ? HELP_COLUMN - width : 2,
	        "");
	for (const char *line = help; *line != '\0';) {
		size_t n = strcspn(line, "\n");
		if (line != help)
			fprintf(out, "%*s", HELP_COLUMN, "");
		fprintf(out, "%.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
}

void
options_help(FILE *out, const struct option_row *rows)
{
	struct option_set s;

	/* Notes first, as the rows that are options come in s. */
	for (const struct option_row *r = rows;
	     r != NULL && r->kind != OPTION_END; r++)
		if (r->kind == OPTION_NOTE)
			help_row(out, r);
	option_set_init(&s, rows);
	for (size_t i = 0; i < s.n; i++)
		if (s.rows[i].row->help != NULL)
			help_row(out, s.rows[i].row);
	option_set_free(&s);
}

void
options_list(FILE *out, const struct option_row *rows)
{
	struct option_set s;

	option_set_init(&s, rows);
	for (size_t i = 0; i < s.n; i++)
		if (s.rows[i].row->help != NULL)
			fprintf(out, "--%s\n", s.rows[i].row->name);
	option_set_free(&s);
}
