/*
 * usage.c - see usage.h.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/usage.h"
#include "base/xalloc.h"

/* The width of a usage line, "usage: " included. */
enum { USAGE_WIDTH = 80 };

/* "-n N", "--event NAME" or "--period": an option as its usage names it. */
static void
put_option(FILE *f, const struct option_set *s, size_t i)
{
	const struct option_row *r = s->rows[i].row;
	int letter = option_set_letter(s, i);

	if (letter != 0)
		fprintf(f, "-%c", letter);
	else
		fprintf(f, "--%s", r->name);
	if (r->arg != NULL)
		fprintf(f, " %s", r->arg);
}

/* Is the row's option in the usage? */
static bool
shown(const struct option_set *s, size_t i)
{
	return s->rows[i].row->help != NULL;
}

/* "..." after an option given again and again. */
static const char *
again(const struct option_set *s, size_t i)
{
	return s->rows[i].row->kind == OPTION_LIST ? "..." : "";
}

/* OpenBSD's order of letters: a, then its capital first ("AaBb"). */
static int
letter_rank(int c)
{
	return tolower(c) * 2 + (islower(c) != 0);
}

/* The rows shown with a letter, taking a value or not, by letter. */
static size_t
lettered_rows(const struct option_set *s, size_t *rows, bool value)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++) {
		int letter = option_set_letter(s, i);
		if (!shown(s, i) || letter == 0 ||
		    (s->rows[i].row->arg != NULL) != value)
			continue;
		size_t k = n++;
		for (; k > 0 && letter_rank(option_set_letter(s, rows[k - 1])) >
		                    letter_rank(letter);
		     k--)
			rows[k] = rows[k - 1];
		rows[k] = i;
	}
	return n;
}

/* Every option shown, in OpenBSD's grouping: "[-ai] [-n N] [--period]". */
static void
every_option(FILE *f, const struct option_set *s)
{
	size_t *rows = xreallocarray(NULL, s->n + 1, sizeof *rows);
	size_t n = lettered_rows(s, rows, false);

	if (n > 0) {
		fputs(" [-", f);
		for (size_t k = 0; k < n; k++)
			fputc(option_set_letter(s, rows[k]), f);
		fputc(']', f);
	}
	n = lettered_rows(s, rows, true);
	for (size_t k = 0; k < n; k++) {
		fputs(" [", f);
		put_option(f, s, rows[k]);
		fprintf(f, "]%s", again(s, rows[k]));
	}
	for (size_t i = 0; i < s->n; i++) {
		if (!shown(s, i) || option_set_letter(s, i) != 0)
			continue;
		fputs(" [", f);
		put_option(f, s, i);
		fprintf(f, "]%s", again(s, i));
	}
	free(rows);
}

/* The row of long name name (len bytes), which must be there. */
static size_t
named_row(const struct option_set *s, const char *name, size_t len,
          const char *program)
{
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->rows[i].row->name) == len &&
		    memcmp(s->rows[i].row->name, name, len) == 0)
			return i;
	die(EXIT_DATA, "usage of %s: no option --%.*s", program, (int)len,
	    name);
}

/*
 * A form's words, each "--name" in it (as "[--name", "--name]]" or
 * "[--name]...") written as its row's option with its value; named[i]
 * marks row i as named.
 */
static void
form_words(FILE *f, const struct option_set *s, const char *form, size_t len,
           const char *program, bool *named)
{
	for (size_t at = 0; at < len;) {
		size_t n = strcspn(form + at, " \n");
		const char *word = form + at;
		size_t open = strspn(word, "[");
		size_t body = strcspn(word + open, "] \n");

		fputc(' ', f);
		if (body > 2 && strncmp(word + open, "--", 2) == 0) {
			size_t i =
			    named_row(s, word + open + 2, body - 2, program);
			named[i] = true;
			fprintf(f, "%.*s", (int)open, word);
			put_option(f, s, i);
			fprintf(f, "%.*s", (int)(n - open - body),
			        word + open + body);
		} else {
			fprintf(f, "%.*s", (int)n, word);
		}
		at += n;
		at += strspn(form + at, " ");
	}
}

/*
 * The end of the word at p: a bracket is one word, spaces inside it and
 * all; an operand and a "..." after it are one.
 */
static const char *
word_end(const char *p)
{
	int depth = 0;

	for (; *p != '\0' && (depth > 0 || *p != ' '); p++)
		depth += (*p == '[') - (*p == ']');
	const char *next = p + strspn(p, " ");
	if (strncmp(next, "...", 3) == 0 && (next[3] == ' ' || next[3] == '\0'))
		return next + 3;
	return p;
}

/*
 * name and its words after lead, wrapped under the first option: under
 * "[--data DIR]" of "perfviews suite ids [--data DIR] ...".
 */
static void
wrap(FILE *out, const char *lead, const char *name, const char *words)
{
	size_t column = strlen(lead) + strlen(name);
	size_t indent = 0;

	fprintf(out, "%s%s", lead, name);
	for (const char *p = words + strspn(words, " "); *p != '\0';) {
		const char *end = word_end(p);
		size_t len = (size_t)(end - p);
		if (indent == 0 && (*p == '[' || *p == '-'))
			indent = column + 1;
		if (indent != 0 && column > indent &&
		    column + 1 + len > USAGE_WIDTH) {
			fprintf(out, "\n%*s", (int)indent, "");
			column = indent;
		} else {
			fputc(' ', out);
			column++;
		}
		fprintf(out, "%.*s", (int)len, p);
		column += len;
		p = end + strspn(end, " ");
	}
	fputc('\n', out);
}

/* A line's words after the name: all options and operands, or a form's. */
static char *
text_of(const struct usage *u, const struct option_set *s, const char *form,
        size_t len, bool *named)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = xopen_memstream(&text, &size);
	if (form == NULL) {
		every_option(f, s);
		if (u->operands != NULL)
			fprintf(f, " %s", u->operands);
	} else {
		form_words(f, s, form, len, u->name, named);
	}
	xclose_memstream(f);
	return text;
}

/* Each form's line; every option shown must be in one. */
static void
write_forms(FILE *out, const char *lead, const struct usage *u,
            const struct option_set *s)
{
	bool *named = xcalloc(s->n + 1, sizeof *named);
	char *blank = xasprintf("%*s", (int)strlen(lead), "");

	for (const char *form = u->forms; *form != '\0';) {
		size_t len = strcspn(form, "\n");
		char *text = text_of(u, s, form, len, named);
		wrap(out, form == u->forms ? lead : blank, u->name, text);
		free(text);
		form += len + (form[len] == '\n');
	}
	for (size_t i = 0; i < s->n; i++)
		if (shown(s, i) && !named[i])
			die(EXIT_DATA, "usage of %s: --%s in no form", u->name,
			    s->rows[i].row->name);
	free(blank);
	free(named);
}

void
usage_write(FILE *out, const char *lead, const struct usage *u)
{
	struct option_set s;

	option_set_init(&s, u->options);
	if (u->forms != NULL) {
		write_forms(out, lead, u, &s);
	} else {
		char *text = text_of(u, &s, NULL, 0, NULL);
		wrap(out, lead, u->name, text);
		free(text);
	}
	option_set_free(&s);
}
