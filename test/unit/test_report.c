/*
 * test_report.c - the writers of tables and trees in text, CSV and JSON
 * (views/report.h).  The writers print to stdout, so each runs in a child
 * process whose output is compared whole.
 */
#include <stdio.h>

#include "base/message.h"
#include "views/report.h"
#include "unit.h"

static char printed[4096];

static void
csv_of(const char *s)
{
	FILE *f = fmemopen(printed, sizeof printed, "w");
	csv_write_field(f, span_cstr(s));
	fclose(f);
}

START_TEST(csv_quotes_only_when_needed)
{
	csv_of("plain::name");
	ck_assert_str_eq(printed, "plain::name");
	csv_of("f<a, b>");
	ck_assert_str_eq(printed, "\"f<a, b>\"");
	csv_of("say \"hi\"");
	ck_assert_str_eq(printed, "\"say \"\"hi\"\"\"");
}
END_TEST

START_TEST(csv_quotes_edges_and_line_breaks)
{
	csv_of("");
	ck_assert_str_eq(printed, "\"\"");
	csv_of(" lead");
	ck_assert_str_eq(printed, "\" lead\"");
	csv_of("trail ");
	ck_assert_str_eq(printed, "\"trail \"");
	csv_of("in side");
	ck_assert_str_eq(printed, "in side");
	csv_of("a\nb");
	ck_assert_str_eq(printed, "\"a\nb\"");
	csv_of("a\rb");
	ck_assert_str_eq(printed, "\"a\rb\"");
}
END_TEST

START_TEST(formats_by_name)
{
	static const struct option_choice want[] = {
	    {"text", FORMAT_TEXT}, {"csv", FORMAT_CSV}, {"json", FORMAT_JSON}};

	for (size_t i = 0; i < 3; i++) {
		ck_assert_str_eq(report_formats[i].word, want[i].word);
		ck_assert_int_eq(report_formats[i].value, want[i].value);
	}
	ck_assert_ptr_null(report_formats[3].word);
}
END_TEST

/* A table of two rows: counts, percentages, text that needs escaping. */
static const struct column flat_columns[] = {
    {"self", COLUMN_COUNT, 0, 0},
    {"self%", COLUMN_PERCENT, 0, 0},
    {"function", COLUMN_TEXT, 0, 0},
};

static void
write_flat(void *arg)
{
	const enum report_format *format = arg;
	struct report_meta meta = {"flatsort", "cycles", "samples", 200, NULL};
	struct cell row1[] = {{150, {0}}, {150, {0}}, {0, span_cstr("main")}};
	struct cell row2[] = {{50, {0}}, {50, {0}}, {0, span_cstr("a, \"b\"")}};
	struct table_writer w;

	table_begin(&w, *format, &meta, flat_columns, 3);
	table_row(&w, row1);
	table_row(&w, row2);
	table_end(&w);
}

static const char *
flat_in(enum report_format format)
{
	static struct unit_child c;

	unit_child_run(write_flat, &format, &c);
	ck_assert_int_eq(c.status, 0);
	return c.out;
}

START_TEST(table_text)
{
	ck_assert_str_eq(flat_in(FORMAT_TEXT),
	                 "# flatsort: total 200 samples, event cycles\n"
	                 "#\n"
	                 "#  self   self% function\n"
	                 "    150  75.00% main\n"
	                 "     50  25.00% a, \"b\"\n");
}
END_TEST

START_TEST(table_csv)
{
	ck_assert_str_eq(flat_in(FORMAT_CSV), "self,self%,function\n"
	                                      "150,75.00,main\n"
	                                      "50,25.00,\"a, \"\"b\"\"\"\n");
}
END_TEST

START_TEST(table_json)
{
	ck_assert_str_eq(
	    flat_in(FORMAT_JSON),
	    "{\"view\":\"flatsort\",\"event\":\"cycles\",\"weight\":"
	    "\"samples\",\"total\":200,\"rows\":[\n"
	    "{\"self\":150,\"self%\":75.00,\"function\":\"main\"},\n"
	    "{\"self\":50,\"self%\":25.00,\"function\":\"a, \\\"b\\\"\"}\n"
	    "]}\n");
}
END_TEST

/* A text column before others is padded; no event, no ", event". */
static void
write_dsos(void *arg)
{
	const enum report_format *format = arg;
	static const struct column columns[] = {
	    {"dso", COLUMN_TEXT, 10, 0},
	    {"count", COLUMN_COUNT, 0, 0},
	};
	struct report_meta meta = {"bydso", NULL, "count", 1234567, NULL};
	struct cell row[] = {{0, span_cstr("libc")}, {7, {0}}};
	struct table_writer w;

	table_begin(&w, *format, &meta, columns, 2);
	table_row(&w, row);
	table_end(&w);
	printf("rows %llu\n", (unsigned long long)w.rows);
}

START_TEST(table_columns_and_no_event)
{
	struct unit_child c;
	enum report_format format = FORMAT_TEXT;

	unit_child_run(write_dsos, &format, &c);
	ck_assert_str_eq(c.out, "# bydso: total 1234567 count\n"
	                        "#\n"
	                        "# dso          count\n"
	                        "  libc             7\n"
	                        "rows 1\n");
	format = FORMAT_JSON;
	unit_child_run(write_dsos, &format, &c);
	ck_assert_str_eq(c.out, "{\"view\":\"bydso\",\"event\":null,\"weight\":"
	                        "\"count\",\"total\":1234567,\"rows\":[\n"
	                        "{\"dso\":\"libc\",\"count\":7}\n"
	                        "]}\n"
	                        "rows 1\n");
}
END_TEST

/*
 * main (100) -> f in libx.so (70) -> f2 (70)
 *            -> g (25), h (5): h is under the 10% limit.
 */
static void
write_tree(void *arg)
{
	const struct tree_style *style = arg;
	struct string_table names;
	struct tree t;
	struct report_meta meta = {"calltree", "cycles", "samples", 100, NULL};

	string_table_init(&names);
	uint32_t main_ = string_table_intern(&names, span_cstr("main"));
	uint32_t f = string_table_intern(&names, span_cstr("f"));
	uint32_t f2 = string_table_intern(&names, span_cstr("f2"));
	uint32_t g = string_table_intern(&names, span_cstr("g"));
	uint32_t h = string_table_intern(&names, span_cstr("h"));
	uint32_t libx = string_table_intern(&names, span_cstr("libx.so"));
	tree_init(&t);
	uint32_t root = tree_child(&t, TREE_NONE, main_, TREE_NONE);
	uint32_t nf = tree_child(&t, root, f, libx);
	uint32_t nf2 = tree_child(&t, nf, f2, TREE_NONE);
	uint32_t ng = tree_child(&t, root, g, TREE_NONE);
	uint32_t nh = tree_child(&t, root, h, TREE_NONE);
	t.nodes[root].count = 100;
	t.nodes[nf].count = t.nodes[nf2].count = t.nodes[nf2].self = 70;
	t.nodes[ng].count = t.nodes[ng].self = 25;
	t.nodes[nh].count = t.nodes[nh].self = 5;
	tree_sort(&t, &names);
	report_tree(&t, &names, &meta, style);
	tree_free(&t);
	string_table_free(&names);
}

static const char *
tree_in(enum report_format format, unsigned max_depth, bool ascii)
{
	static struct unit_child c;
	struct tree_style style = {.format = format,
	                           .percent_limit = 10.0,
	                           .max_depth = max_depth,
	                           .ascii = ascii,
	                           .show_self = true,
	                           .label = "function"};

	unit_child_run(write_tree, &style, &c);
	ck_assert_int_eq(c.status, 0);
	return c.out;
}

START_TEST(tree_text)
{
	ck_assert_str_eq(tree_in(FORMAT_TEXT, 0, false),
	                 "# calltree: total 100 samples, event cycles\n"
	                 "#\n"
	                 "# percent count  self  function\n"
	                 "  100.00%   100     0  main\n"
	                 "   70.00%    70     0  ├─ f\n"
	                 "   70.00%    70    70  │  └─ f2\n"
	                 "   25.00%    25    25  ├─ g\n"
	                 "    5.00%     5     5  └─ [other]\n");
}
END_TEST

START_TEST(tree_text_ascii_and_depth)
{
	ck_assert_str_eq(tree_in(FORMAT_TEXT, 0, true),
	                 "# calltree: total 100 samples, event cycles\n"
	                 "#\n"
	                 "# percent count  self  function\n"
	                 "  100.00%   100     0  main\n"
	                 "   70.00%    70     0    f\n"
	                 "   70.00%    70    70      f2\n"
	                 "   25.00%    25    25    g\n"
	                 "    5.00%     5     5    [other]\n");
	ck_assert_str_eq(tree_in(FORMAT_TEXT, 2, false),
	                 "# calltree: total 100 samples, event cycles\n"
	                 "#\n"
	                 "# percent count  self  function\n"
	                 "  100.00%   100     0  main\n"
	                 "   70.00%    70     0  ├─ f\n"
	                 "   25.00%    25    25  ├─ g\n"
	                 "    5.00%     5     5  └─ [other]\n");
}
END_TEST

START_TEST(tree_csv)
{
	ck_assert_str_eq(tree_in(FORMAT_CSV, 0, false),
	                 "depth,percent,count,self,name,dso\n"
	                 "0,100.00,100,0,main,\n"
	                 "1,70.00,70,0,f,libx.so\n"
	                 "2,70.00,70,70,f2,\n"
	                 "1,25.00,25,25,g,\n"
	                 "1,5.00,5,5,[other],\n");
}
END_TEST

START_TEST(tree_json)
{
	ck_assert_str_eq(
	    tree_in(FORMAT_JSON, 1, false),
	    "{\"view\":\"calltree\",\"event\":\"cycles\",\"weight\":"
	    "\"samples\",\"total\":100,\"roots\":[\n"
	    "{\"name\":\"main\",\"dso\":null,\"count\":100,\"percent\":100.00,"
	    "\"self\":0}\n"
	    "]}\n");
	ck_assert_str_eq(
	    tree_in(FORMAT_JSON, 0, false),
	    "{\"view\":\"calltree\",\"event\":\"cycles\",\"weight\":"
	    "\"samples\",\"total\":100,\"roots\":[\n"
	    "{\"name\":\"main\",\"dso\":null,\"count\":100,\"percent\":100.00,"
	    "\"self\":0,\"children\":[\n"
	    "{\"name\":\"f\",\"dso\":\"libx.so\",\"count\":70,\"percent\":70."
	    "00,"
	    "\"self\":0,\"children\":[\n"
	    "{\"name\":\"f2\",\"dso\":null,\"count\":70,\"percent\":70.00,"
	    "\"self\":70}]},\n"
	    "{\"name\":\"g\",\"dso\":null,\"count\":25,\"percent\":25.00,"
	    "\"self\":25},\n"
	    "{\"name\":\"[other]\",\"dso\":null,\"count\":5,\"percent\":5.00,"
	    "\"self\":5}]}\n"
	    "]}\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {csv_quotes_only_when_needed,
	                        csv_quotes_edges_and_line_breaks,
	                        formats_by_name,
	                        table_text,
	                        table_csv,
	                        table_json,
	                        table_columns_and_no_event,
	                        tree_text,
	                        tree_text_ascii_and_depth,
	                        tree_csv,
	                        tree_json,
	                        NULL};
	return unit_main("report", tests);
}
