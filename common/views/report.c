/*
 * report.c - see report.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/json_write.h"
#include "base/numbers.h"
#include "base/xalloc.h"
#include "base/message.h"
#include "views/report.h"

const struct option_choice report_formats[] = {
    {"text", FORMAT_TEXT},
    {"csv", FORMAT_CSV},
    {"json", FORMAT_JSON},
    {NULL, 0},
};

/* A field with a comma, quote, line break or edge space is quoted. */
static bool
csv_needs_quotes(struct span s)
{
	if (s.n == 0 || s.p[0] == ' ' || s.p[s.n - 1] == ' ')
		return true;
	for (size_t i = 0; i < s.n; i++)
		if (s.p[i] == ',' || s.p[i] == '"' || s.p[i] == '\n' ||
		    s.p[i] == '\r')
			return true;
	return false;
}

void
csv_write_field(FILE *out, struct span s)
{
	if (!csv_needs_quotes(s)) {
		fwrite_unlocked(s.p, 1, s.n, out);
		return;
	}
	putc_unlocked('"', out);
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '"')
			putc_unlocked('"', out);
		putc_unlocked(s.p[i], out);
	}
	putc_unlocked('"', out);
}

static void
write_json_meta(const struct report_meta *m)
{
	printf("{\"view\":");
	json_write_string(stdout, span_cstr(m->view));
	printf(",\"event\":");
	if (m->event != NULL)
		json_write_string(stdout, span_cstr(m->event));
	else
		printf("null");
	printf(",\"weight\":");
	json_write_string(stdout, span_cstr(m->weight));
	printf(",\"total\":%llu", (unsigned long long)m->total);
	if (m->notes != NULL) {
		printf(",\"notes\":");
		json_write_string(stdout, span_cstr(m->notes));
	}
}

static void
write_text_meta(const struct report_meta *m)
{
	printf("# %s: total %llu %s", m->view, (unsigned long long)m->total,
	       m->weight);
	if (m->event != NULL)
		printf(", event %s", m->event);
	printf("\n");
	for (const char *line = m->notes; line != NULL && *line != '\0';) {
		size_t n = strcspn(line, "\n");
		printf("# %.*s\n", (int)n, line);
		line += n + (line[n] == '\n');
	}
	printf("#\n");
}

/* Digits of the widest count (at least 5), so that columns line up. */
static int
count_width(uint64_t total)
{
	int w = decimal_digits(total);

	return w < 5 ? 5 : w;
}

static int
column_width(const struct table_writer *w, const struct column *c)
{
	int width = c->width;
	int name = (int)strlen(c->name);

	if (c->kind == COLUMN_PERCENT && width < 7)
		width = 7;
	if (c->kind == COLUMN_COUNT && width < count_width(w->meta->total))
		width = count_width(w->meta->total);
	return width > name ? width : name;
}

void
table_begin(struct table_writer *w, enum report_format format,
            const struct report_meta *meta, const struct column *columns,
            int ncolumns)
{
	w->format = format;
	w->meta = meta;
	w->columns = columns;
	w->ncolumns = ncolumns;
	w->rows = 0;
	switch (format) {
	case FORMAT_TEXT:
		write_text_meta(meta);
		printf("#");
		for (int i = 0; i < ncolumns; i++) {
			const struct column *c = &columns[i];
			int width = column_width(w, c);
			if (c->kind == COLUMN_TEXT && i + 1 == ncolumns)
				printf(" %s", c->name);
			else if (c->kind == COLUMN_TEXT)
				printf(" %-*s", width, c->name);
			else
				printf(" %*s", width, c->name);
		}
		printf("\n");
		break;
	case FORMAT_CSV:
		for (int i = 0; i < ncolumns; i++)
			printf(i ? ",%s" : "%s", columns[i].name);
		printf("\n");
		break;
	case FORMAT_JSON:
		write_json_meta(meta);
		printf(",\"rows\":[");
		break;
	}
}

void
table_row(struct table_writer *w, const struct cell *cells)
{
	uint64_t total = w->meta->total;

	if (w->format == FORMAT_JSON)
		printf(w->rows ? ",\n{" : "\n{");
	else if (w->format == FORMAT_TEXT)
		putchar_unlocked(' ');
	for (int i = 0; i < w->ncolumns; i++) {
		const struct column *c = &w->columns[i];
		const struct cell *v = &cells[i];
		switch (w->format) {
		case FORMAT_TEXT:
			if (c->kind == COLUMN_COUNT)
				printf(" %*llu", column_width(w, c),
				       (unsigned long long)v->count);
			else if (c->kind == COLUMN_PERCENT)
				printf(" %*.2f%%", column_width(w, c) - 1,
				       percent_of(v->count,
				                  c->of != 0 ? c->of : total));
			else if (i + 1 < w->ncolumns)
				printf(" %-*.*s", column_width(w, c),
				       (int)v->text.n, v->text.p);
			else
				printf(" %.*s", (int)v->text.n, v->text.p);
			break;
		case FORMAT_CSV:
			if (i > 0)
				putchar_unlocked(',');
			if (c->kind == COLUMN_COUNT)
				printf("%llu", (unsigned long long)v->count);
			else if (c->kind == COLUMN_PERCENT)
				printf("%.2f",
				       percent_of(v->count,
				                  c->of != 0 ? c->of : total));
			else
				csv_write_field(stdout, v->text);
			break;
		case FORMAT_JSON:
			if (i > 0)
				putchar_unlocked(',');
			json_write_string(stdout, span_cstr(c->name));
			putchar_unlocked(':');
			if (c->kind == COLUMN_COUNT)
				printf("%llu", (unsigned long long)v->count);
			else if (c->kind == COLUMN_PERCENT)
				printf("%.2f",
				       percent_of(v->count,
				                  c->of != 0 ? c->of : total));
			else
				json_write_string(stdout, v->text);
			break;
		}
	}
	if (w->format == FORMAT_JSON)
		putchar_unlocked('}');
	else
		putchar_unlocked('\n');
	w->rows++;
}

void
table_end(struct table_writer *w)
{
	if (w->format == FORMAT_JSON)
		printf("\n]}\n");
}

/*
 * Trees.  A level is written as its children that reach the percent limit,
 * largest first, then one "[other]" line for the rest, so that a node's
 * children and self still add up to it.  "[other]" has no children; its
 * self is its count, or in an inverted tree (self_is_own) the self of the
 * nodes it stands for.
 *
 * The tree is walked with a stack of levels on the heap, not by recursion:
 * a stack of 100,000 frames is a tree as deep.  Past DRAWN_LEVELS levels a
 * text line shows its depth and the drawing of the nearest levels only,
 * so that lines stay short and the output grows with the tree, not with
 * the square of its depth.
 */
enum { DRAWN_LEVELS = 64, DRAWN_TAIL = 16 };

struct tree_level {
	uint32_t next;       /* the next sibling to consider */
	uint32_t last_shown; /* the last sibling shown */
	uint64_t other;      /* the weight of siblings not shown */
	uint64_t other_self; /* and their self weight */
	bool first;          /* nothing of this level written yet */
	bool in_node;        /* the children of a node (not the roots) */
	size_t prefix_len;   /* of the drawing before this level's piece */
};

struct tree_writer {
	const struct tree *tree;
	const struct string_table *names;
	const struct report_meta *meta;
	const struct tree_style *style;
	int width;    /* of count columns */
	char *prefix; /* text: the line drawing left of a name */
	size_t prefix_len;
	size_t prefix_cap;
	struct tree_level *levels; /* levels[depth] */
	size_t nlevels, levels_cap;
	bool *shared_name; /* by node: a sibling has the same name */
};

static const char OTHER[] = "[other]";

static bool
node_shown(const struct tree_writer *w, uint64_t count)
{
	return percent_of(count, w->meta->total) >= w->style->percent_limit;
}

static void
prefix_push(struct tree_writer *w, const char *s)
{
	size_t n = strlen(s);

	w->prefix =
	    array_reserve(w->prefix, &w->prefix_cap, w->prefix_len + n + 1, 1);
	memcpy(w->prefix + w->prefix_len, s, n);
	w->prefix_len += n;
}

/* For qsort_r: node ids by name id. */
static int
compare_names(const void *pa, const void *pb, void *arg)
{
	const struct tree_node *nodes = arg;
	uint32_t a = nodes[*(const uint32_t *)pa].name;
	uint32_t b = nodes[*(const uint32_t *)pb].name;
	return (a > b) - (a < b);
}

/*
 * Mark the nodes that have a sibling of the same name (the same function
 * in two DSOs, such as _start in the executable and in ld.so): the text
 * shows their DSOs, or they could not be told apart.
 */
static void
mark_shared_names(struct tree_writer *w)
{
	const struct tree *t = w->tree;
	uint32_t *level = xreallocarray(NULL, t->count + 1, sizeof *level);

	w->shared_name = xcalloc(t->count + 1, sizeof *w->shared_name);
	for (uint32_t parent = 0; parent <= t->count; parent++) {
		/* parent == t->count stands for the top level. */
		uint32_t first = parent == t->count
		                     ? t->first_root
		                     : t->nodes[parent].first_child;
		size_t n = 0;
		for (uint32_t id = first; id != TREE_NONE;
		     id = t->nodes[id].next_sibling)
			level[n++] = id;
		if (n < 2)
			continue;
		qsort_r(level, n, sizeof *level, compare_names, t->nodes);
		for (size_t i = 1; i < n; i++) {
			if (t->nodes[level[i]].name !=
			    t->nodes[level[i - 1]].name)
				continue;
			w->shared_name[level[i]] = true;
			w->shared_name[level[i - 1]] = true;
		}
	}
	free(level);
}

static void
write_text_line(struct tree_writer *w, struct span name, uint64_t count,
                uint64_t self, unsigned depth, bool last)
{
	printf("  %6.2f%% %*llu", percent_of(count, w->meta->total), w->width,
	       (unsigned long long)count);
	if (w->style->show_self)
		printf(" %*llu", w->width, (unsigned long long)self);
	if (depth <= DRAWN_LEVELS) {
		printf("  %.*s", (int)w->prefix_len, w->prefix);
	} else {
		/* Where the piece of level depth - DRAWN_TAIL starts. */
		size_t from = w->levels[depth - DRAWN_TAIL].prefix_len;
		printf("  [depth %u] %.*s", depth, (int)(w->prefix_len - from),
		       w->prefix + from);
	}
	if (depth > 0)
		fputs(w->style->ascii ? "  " : last ? "└─ " : "├─ ", stdout);
	printf("%.*s", (int)name.n, name.p);
}

static void
write_node_start(struct tree_writer *w, struct span name, uint32_t dso,
                 bool shared, uint64_t count, uint64_t self, unsigned depth,
                 bool last, bool first)
{
	struct span dso_text = dso == TREE_NONE
	                           ? span_make(NULL, 0)
	                           : string_table_get(w->names, dso);

	switch (w->style->format) {
	case FORMAT_TEXT:
		write_text_line(w, name, count, self, depth, last);
		if (shared && dso != TREE_NONE)
			printf("  (%.*s)", (int)dso_text.n, dso_text.p);
		putchar_unlocked('\n');
		break;
	case FORMAT_CSV:
		printf("%u,%.2f,%llu,", depth,
		       percent_of(count, w->meta->total),
		       (unsigned long long)count);
		if (w->style->show_self)
			printf("%llu,", (unsigned long long)self);
		csv_write_field(stdout, name);
		putchar_unlocked(',');
		if (dso != TREE_NONE)
			csv_write_field(stdout, dso_text);
		putchar_unlocked('\n');
		break;
	case FORMAT_JSON:
		printf(first ? "\n{\"name\":" : ",\n{\"name\":");
		json_write_string(stdout, name);
		printf(",\"dso\":");
		if (dso != TREE_NONE)
			json_write_string(stdout, dso_text);
		else
			printf("null");
		printf(",\"count\":%llu,\"percent\":%.2f",
		       (unsigned long long)count,
		       percent_of(count, w->meta->total));
		if (w->style->show_self)
			printf(",\"self\":%llu", (unsigned long long)self);
		break;
	}
}

/* Start writing the level of siblings from first, at depth nlevels. */
static void
level_push(struct tree_writer *w, uint32_t first, bool in_node)
{
	const struct tree_node *nodes = w->tree->nodes;

	w->levels = array_reserve(w->levels, &w->levels_cap, w->nlevels + 1,
	                          sizeof *w->levels);
	struct tree_level *l = &w->levels[w->nlevels++];
	*l = (struct tree_level){
	    .next = first,
	    .last_shown = TREE_NONE,
	    .first = true,
	    .in_node = in_node,
	    .prefix_len = w->prefix_len,
	};
	for (uint32_t id = first; id != TREE_NONE;
	     id = nodes[id].next_sibling) {
		if (node_shown(w, nodes[id].count)) {
			l->last_shown = id;
		} else {
			l->other += nodes[id].count;
			l->other_self += nodes[id].self;
		}
	}
	if (!w->style->self_is_own)
		l->other_self = l->other;
}

/* Finish the level on top: its "[other]", and the node it belongs to. */
static void
level_pop(struct tree_writer *w)
{
	struct tree_level *l = &w->levels[w->nlevels - 1];
	unsigned depth = (unsigned)(w->nlevels - 1);
	bool json = w->style->format == FORMAT_JSON;

	if (l->other > 0) {
		write_node_start(w, span_cstr(OTHER), TREE_NONE, false,
		                 l->other, l->other_self, depth, true,
		                 l->first);
		if (json)
			printf("}");
	}
	w->prefix_len = l->prefix_len;
	w->nlevels--;
	if (l->in_node && json)
		printf("]}");
}

/* Every level, depth first: the roots, each node followed by its children. */
static void
write_levels(struct tree_writer *w)
{
	const struct tree_node *nodes = w->tree->nodes;
	bool json = w->style->format == FORMAT_JSON;

	level_push(w, w->tree->first_root, false);
	while (w->nlevels > 0) {
		struct tree_level *l = &w->levels[w->nlevels - 1];
		unsigned depth = (unsigned)(w->nlevels - 1);
		uint32_t id = l->next;
		while (id != TREE_NONE && !node_shown(w, nodes[id].count))
			id = nodes[id].next_sibling;
		if (id == TREE_NONE) {
			level_pop(w);
			continue;
		}
		const struct tree_node *n = &nodes[id];
		bool last = id == l->last_shown && l->other == 0;
		bool first = l->first;
		l->next = n->next_sibling;
		l->first = false;
		write_node_start(w, string_table_get(w->names, n->name), n->dso,
		                 w->shared_name[id], n->count, n->self, depth,
		                 last, first);
		bool deeper = n->first_child != TREE_NONE &&
		              (w->style->max_depth == 0 ||
		               depth + 1 < w->style->max_depth);
		if (!deeper) {
			if (json)
				printf("}");
			continue;
		}
		size_t saved = w->prefix_len;
		if (depth > 0)
			prefix_push(w, w->style->ascii ? "  "
			               : last          ? "   "
			                               : "│  ");
		if (json)
			printf(",\"children\":[");
		level_push(w, n->first_child, true);
		/* The drawing before this level's piece, for level_pop. */
		w->levels[w->nlevels - 1].prefix_len = saved;
	}
}

void
report_tree(const struct tree *t, const struct string_table *names,
            const struct report_meta *meta, const struct tree_style *style)
{
	struct tree_writer w;

	memset(&w, 0, sizeof w);
	w.tree = t;
	w.names = names;
	w.meta = meta;
	w.style = style;
	w.width = count_width(meta->total);
	mark_shared_names(&w);
	switch (style->format) {
	case FORMAT_TEXT:
		write_text_meta(meta);
		printf("# %7s %*s", "percent", w.width, "count");
		if (style->show_self)
			printf(" %*s", w.width, "self");
		printf("  %s\n", style->label);
		break;
	case FORMAT_CSV:
		printf(style->show_self ? "depth,percent,count,self,name,dso\n"
		                        : "depth,percent,count,name,dso\n");
		break;
	case FORMAT_JSON:
		write_json_meta(meta);
		printf(",\"roots\":[");
		break;
	}
	write_levels(&w);
	if (style->format == FORMAT_JSON)
		printf("\n]}\n");
	free(w.prefix);
	free(w.levels);
	free(w.shared_name);
}

void
report_no_table(enum report_format format, const struct report_meta *meta)
{
	switch (format) {
	case FORMAT_TEXT:
		for (const char *line = meta->notes;
		     line != NULL && *line != '\0';) {
			size_t n = strcspn(line, "\n");
			printf("# %s: %.*s\n", meta->view, (int)n, line);
			line += n + (line[n] == '\n');
		}
		break;
	case FORMAT_CSV:
		for (const char *line = meta->notes;
		     line != NULL && *line != '\0';) {
			size_t n = strcspn(line, "\n");
			warnmsg("%.*s", (int)n, line);
			line += n + (line[n] == '\n');
		}
		break;
	case FORMAT_JSON:
		write_json_meta(meta);
		printf(",\"rows\":[]}\n");
		break;
	}
}
