/*
 * dataset_id.c - see dataset_id.h.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"

static const char grammar[] = "want WORKLOAD-perf-freqHZ[xRUNS][-TAG...]";

static bool
fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (whylen == 0)
		return false;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return false;
}

/*
 * The tags that change what a recording does (perfviews(5)): any other is
 * refused, since a misspelt one ("nosit") would record something else in
 * silence.  A build tag (py and a digit, dataset_tag_is_build) names the
 * build, and make record checks it against the Python it runs; a tag of
 * one's own, a label that changes nothing recorded, starts with OWN_TAG.
 */
static const char *const known_tags[] = {"nosite", "xperf", "faults", "files",
                                         NULL};
#define OWN_TAG '_'

static bool
tag_is_known(const char *tag)
{
	if ((tag[0] == OWN_TAG && tag[1] != '\0') ||
	    dataset_tag_is_build(tag, strlen(tag)))
		return true;
	for (size_t i = 0; known_tags[i] != NULL; i++)
		if (strcmp(tag, known_tags[i]) == 0)
			return true;
	return false;
}

static bool
unknown_tag(char *why, size_t whylen, const char *tag)
{
	char list[128] = "";

	for (size_t i = 0; known_tags[i] != NULL; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
		         "%s%s", i ? ", " : "", known_tags[i]);
	return fail(why, whylen,
	            "unknown tag '%s' (the tags are %s; a build's, 'py' and "
	            "a digit: 'py312'; a tag of your own, a label that "
	            "changes nothing recorded, starts with '%c': '%c%s')",
	            tag, list, OWN_TAG, OWN_TAG,
	            tag[0] == OWN_TAG ? "name" : tag);
}

/* A WORKLOAD or TAG: [A-Za-z0-9_.]+; the first bad byte, or NULL. */
static const char *
bad_name_char(const char *s)
{
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '.'))
			return s;
	}
	return NULL;
}

/*
 * A positive decimal number without leading zeros that fits in 32 bits,
 * from s up to end; false for anything else.
 */
static bool
parse_count(const char *s, const char *end, uint32_t *out)
{
	uint64_t v = 0;

	if (s == end || *s == '0')
		return false;
	for (const char *p = s; p < end; p++) {
		if (*p < '0' || *p > '9')
			return false;
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > UINT32_MAX)
			return false;
	}
	*out = (uint32_t)v;
	return true;
}

/* "freqHZ" or "freqHZxRUNS", the third field. */
static bool
parse_frequency(char *field, struct dataset_id *id, char *why, size_t whylen)
{
	if (strncmp(field, "freq", 4) != 0)
		return fail(why, whylen, "'%s' is not freqHZ (%s)", field,
		            grammar);
	const char *hz = field + 4;
	const char *x = strchr(hz, 'x');
	const char *hz_end = x != NULL ? x : hz + strlen(hz);
	if (hz == hz_end)
		return fail(why, whylen, "missing frequency after 'freq'");
	if (!parse_count(hz, hz_end, &id->hz))
		return fail(why, whylen,
		            "'%.*s' is not a frequency in Hz (a positive "
		            "number without leading zeros)",
		            (int)(hz_end - hz), hz);
	id->runs = 1;
	if (x != NULL) {
		const char *runs = x + 1;
		if (!parse_count(runs, runs + strlen(runs), &id->runs))
			return fail(why, whylen,
			            "'%s' is not a number of runs (a positive "
			            "number without leading zeros)",
			            runs);
		id->runs_given = true;
	}
	return true;
}

bool
dataset_id_parse(const char *text, struct dataset_id *id, char *why,
                 size_t whylen)
{
	char *fields[3 + DATASET_ID_MAX_TAGS];
	size_t nfields = 0;
	const char *bad;

	memset(id, 0, sizeof *id);
	if (why != NULL && whylen > 0)
		why[0] = '\0';
	if (text == NULL || *text == '\0')
		return fail(why, whylen, "empty ID (%s)", grammar);

	char *buf = xstrdup(text);
	for (char *p = buf, *field = buf;; p++) {
		if (*p != '-' && *p != '\0')
			continue;
		if (nfields == sizeof fields / sizeof fields[0]) {
			free(buf);
			return fail(why, whylen, "more than %d tags",
			            DATASET_ID_MAX_TAGS);
		}
		bool last = *p == '\0';
		*p = '\0';
		fields[nfields++] = field;
		field = p + 1;
		if (last)
			break;
	}

	bool ok = false;
	if (fields[0][0] == '\0')
		fail(why, whylen, "empty workload (%s)", grammar);
	else if ((bad = bad_name_char(fields[0])) != NULL)
		fail(why, whylen,
		     "workload '%s': '%c' is not allowed (letters, digits, "
		     "'_' and '.' only)",
		     fields[0], *bad);
	else if (nfields == 1)
		fail(why, whylen, "missing tool and frequency (%s)", grammar);
	else if (strcmp(fields[1], "perf") != 0)
		fail(why, whylen, "unknown tool '%s' (the only tool is perf)",
		     fields[1]);
	else if (nfields == 2)
		fail(why, whylen, "missing frequency (%s)", grammar);
	else if (parse_frequency(fields[2], id, why, whylen))
		ok = true;

	for (size_t i = 3; ok && i < nfields; i++) {
		if (fields[i][0] == '\0')
			ok = fail(why, whylen, "empty tag");
		else if ((bad = bad_name_char(fields[i])) != NULL)
			ok = fail(why, whylen,
			          "tag '%s': '%c' is not allowed (letters, "
			          "digits, '_' and '.' only)",
			          fields[i], *bad);
		else if (!tag_is_known(fields[i]))
			ok = unknown_tag(why, whylen, fields[i]);
		else
			id->tags[id->ntags++] = fields[i];
	}
	if (!ok) {
		free(buf);
		memset(id, 0, sizeof *id);
		return false;
	}
	id->buf_ = buf;
	id->workload = fields[0];
	id->tool = fields[1];
	id->text = xstrdup(text);
	return true;
}

void
dataset_id_free(struct dataset_id *id)
{
	free(id->buf_);
	free(id->text);
	memset(id, 0, sizeof *id);
}

bool
dataset_tag_is_build(const char *tag, size_t n)
{
	return n >= 3 && tag[0] == 'p' && tag[1] == 'y' &&
	       isdigit((unsigned char)tag[2]);
}

bool
dataset_tag_fits_version(const char *tag, const char *version)
{
	const char *d = tag + 2;
	size_t n = strspn(d, "0123456789.");
	char want[32];

	/* "py311": "3.11"; "py3.12.1": as it is. */
	if (memchr(d, '.', n) != NULL || n < 2)
		snprintf(want, sizeof want, "%.*s", (int)n, d);
	else
		snprintf(want, sizeof want, "%c.%.*s", d[0], (int)n - 1, d + 1);
	size_t w = strlen(want);
	/* A start of the version that ends where a number ends. */
	return strncmp(version, want, w) == 0 &&
	       !isdigit((unsigned char)version[w]);
}

bool
dataset_id_has_tag(const struct dataset_id *id, const char *tag)
{
	for (size_t i = 0; i < id->ntags; i++)
		if (strcmp(id->tags[i], tag) == 0)
			return true;
	return false;
}

void
dataset_id_write_sh(FILE *out, const char *text)
{
	struct dataset_id id;

	dataset_id_parse_or_die(text, &id);
	/* Every part is [A-Za-z0-9_.]: safe to print unquoted for sh. */
	fprintf(out, "ID=%s\nWORKLOAD=%s\nTOOL=%s\nHZ=%u\nRUNS=%u\nTAGS='",
	        id.text, id.workload, id.tool, id.hz, id.runs);
	for (size_t i = 0; i < id.ntags; i++)
		fprintf(out, "%s%s", i ? " " : "", id.tags[i]);
	fprintf(out, "'\n");
	dataset_id_free(&id);
}

void
dataset_id_parse_or_die(const char *text, struct dataset_id *id)
{
	char why[256];

	if (!dataset_id_parse(text, id, why, sizeof why))
		die(EXIT_DATA, "bad ID '%s': %s", text, why);
}
