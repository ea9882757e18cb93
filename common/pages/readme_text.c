/*
 * readme_text.c - see readme_text.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "dataset/measure.h"
#include "pages/readme_text.h"

const char *
readme_id(const struct metadata *m)
{
	const char *id = metadata_get(m, "id");
	if (id == NULL)
		die(EXIT_DATA, "meta.json without an id");
	return id;
}

void
readme_cell(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
	}
}

/* Text inside HTML: '<', '>' and '&' as entities. */
static void
put_html(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '<')
			fputs("&lt;", out);
		else if (*s == '>')
			fputs("&gt;", out);
		else if (*s == '&')
			fputs("&amp;", out);
		else
			fputc(*s, out);
	}
}

void
readme_quote(FILE *out, const char *path, int rows, bool html)
{
	int fd = input_open(path);
	FILE *f = input_stream(fd);
	char *line = NULL;
	size_t cap = 0;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	fputs(html ? "<pre>\n" : "```\n", out);
	while (rows > 0 && getline(&line, &cap, f) != -1) {
		if (html)
			put_html(out, line);
		else
			fputs(line, out);
		if (line[0] != '#')
			rows--;
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	fputs(html ? "</pre>\n" : "```\n", out);
	free(line);
	fclose(f);
	input_close(fd);
}

const char *
readme_unit(const struct metadata *m)
{
	const char *unit = metadata_get(m, "samples.unit");
	return unit != NULL ? unit : measure_of_meta(m)->unit;
}

void
readme_seconds(char *buf, size_t size, double seconds)
{
	static const struct {
		double scale;
		const char *unit;
	} units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
	size_t u = 0;

	while (u < 3 && seconds < units[u].scale)
		u++;
	double x = seconds / units[u].scale;
	snprintf(buf, size, "%.*f %s",
	         x >= 100  ? 0
	         : x >= 10 ? 1
	                   : 2,
	         x, units[u].unit);
}

/* Two values of a field alike: both null, or the same text. */
static bool
alike(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

void
readme_metadata_table(FILE *out, const struct metadata *const m[],
                      const char *const heads[], size_t n)
{
	bool bench = false;

	for (size_t k = 0; k < n; k++)
		bench |= metadata_get(m[k], "benchmark.name") != NULL;
	fputs("| field |", out);
	for (size_t k = 0; k < n; k++) {
		fputc(' ', out);
		readme_cell(out, heads[k]);
		fputs(" |", out);
	}
	fputs("\n|---|", out);
	for (size_t k = 0; k < n; k++)
		fputs("---|", out);
	fputc('\n', out);
	for (size_t i = 0; i < meta_field_count; i++) {
		bool differ = false;
		if (!bench && metadata_bench_only(meta_fields[i].path))
			continue; /* not a benchmark: these say nothing */
		if (strcmp(meta_fields[i].path, "timing.views_seconds") == 0)
			continue; /* an older data set's views' time: no
			             difference */
		for (size_t k = 1; k < n; k++)
			differ |= !alike(m[0]->values[i], m[k]->values[i]);
		fprintf(out, differ ? "| **%s** |" : "| %s |",
		        meta_fields[i].path);
		for (size_t k = 0; k < n; k++) {
			const char *v = m[k]->values[i];
			if (v == NULL || *v == '\0') {
				fprintf(out, " %s |",
				        v == NULL ? "unknown" : "none");
				continue;
			}
			fputs(" `", out);
			readme_cell(out, v);
			fputs("` |", out);
		}
		fputc('\n', out);
	}
}
