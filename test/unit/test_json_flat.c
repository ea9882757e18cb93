/*
 * test_json_flat.c - a JSON document read as a flat list of leaf values
 * (base/json_flat.h): paths, unescaping, kinds, and every kind of
 * malformed document rejected with the byte offset of the problem.
 */
#include <stdio.h>
#include <string.h>

#include "base/json_flat.h"
#include "unit.h"

static char why[256];

/* Parse text, which must be accepted. */
static void
parse(const char *text, struct json_flat *doc)
{
	ck_assert_msg(json_flat_parse(text, strlen(text), doc, why, sizeof why),
	              "'%s' rejected: %s", text, why);
}

/* Parse text, which must be rejected with exactly the reason want. */
static void
assert_rejected(const char *text, size_t n, const char *want)
{
	struct json_flat doc;

	ck_assert_msg(!json_flat_parse(text, n, &doc, why, sizeof why),
	              "'%s' accepted", text);
	ck_assert_msg(strcmp(why, want) == 0, "'%s': got '%s', want '%s'", text,
	              why, want);
	ck_assert_uint_eq(doc.count, 0);
	ck_assert_ptr_null(doc.entries);
}

#define REJECTED(text, want) assert_rejected(text, strlen(text), want)

/* The entries as "path=value" (kinds by name), joined by spaces. */
static const char *
describe(const struct json_flat *doc)
{
	static const char *const kinds[] = {"",      "",     "true",
	                                    "false", "null", "[]"};
	static char out[1024];
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < doc->count; i++) {
		const struct json_entry *e = &doc->entries[i];
		const char *v = e->kind == JSON_STRING   ? e->value
		                : e->kind == JSON_NUMBER ? e->value
		                                         : kinds[e->kind];
		used += (size_t)snprintf(out + used, sizeof out - used,
		                         "%s%s=%s%s", i ? " " : "", e->path,
		                         e->kind == JSON_STRING ? "s:" : "", v);
	}
	return out;
}

/* Kept from test_metadata.c, where the reader was first tested. */
START_TEST(json_flattens_paths)
{
	static const char text[] =
	    " {\"a\": {\"b\": \"x\\u00e9\\ud83d\\ude00\\n\", \"c\": [1, "
	    "-2.5e3, null]}, \"t\": true, \"e\": {}, \"l\": []} ";
	struct json_flat doc;

	ck_assert(json_flat_parse(text, strlen(text), &doc, why, sizeof why));
	const struct json_entry *e = json_flat_find(&doc, "a.b");
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(e->value, "x\xc3\xa9\xf0\x9f\x98\x80\n");
	ck_assert_str_eq(json_flat_find(&doc, "a.c.1")->value, "-2.5e3");
	ck_assert_int_eq(json_flat_find(&doc, "a.c.2")->kind, JSON_NULL);
	ck_assert_int_eq(json_flat_find(&doc, "t")->kind, JSON_TRUE);
	ck_assert_ptr_null(json_flat_find(&doc, "e"));
	json_flat_free(&doc);
}
END_TEST

/* Kept from test_metadata.c. */
START_TEST(json_rejects_with_offset)
{
	static const char *const bad[] = {
	    "{\"a\": }", "{\"a\" 1}", "[1,]", "\"open", "01",
	    "{} x",      "\"\\q\"",   "nul",  "",
	};
	struct json_flat doc;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(!json_flat_parse(bad[i], strlen(bad[i]), &doc,
		                               why, sizeof why),
		              "accepted %s", bad[i]);
		ck_assert_msg(strncmp(why, "byte ", 5) == 0, "%s", why);
	}
}
END_TEST

START_TEST(nested_paths_in_document_order)
{
	struct json_flat doc;

	parse("{\"a\": {\"b\": [1, {\"c\": \"x\"}, [], [true, [false]]]},"
	      " \"d\": {}, \"e\": {\"f\": {}}, \"g\": 2}",
	      &doc);
	ck_assert_str_eq(describe(&doc), "a.b.0=1 a.b.1.c=s:x a.b.2=[] "
	                                 "a.b.3.0=true a.b.3.1.0=false g=2");
	ck_assert_uint_eq(doc.count, 6);
	/* Only leaves are entries: an object on the way is not. */
	ck_assert_ptr_null(json_flat_find(&doc, "a"));
	ck_assert_ptr_null(json_flat_find(&doc, "a.b"));
	ck_assert_ptr_null(json_flat_find(&doc, "a.b.4"));
	ck_assert_ptr_eq(json_flat_find(&doc, "g"), &doc.entries[5]);
	json_flat_free(&doc);
	ck_assert_uint_eq(doc.count, 0);
	ck_assert_ptr_null(doc.entries);

	/* Arrays count from 0 at every level, past 9 too. */
	parse("[0,1,2,3,4,5,6,7,8,9,[10,11]]", &doc);
	ck_assert_str_eq(json_flat_find(&doc, "10.1")->value, "11");
	ck_assert_str_eq(json_flat_find(&doc, "9")->value, "9");
	json_flat_free(&doc);
}
END_TEST

START_TEST(scalars_at_the_top)
{
	struct json_flat doc;

	parse(" \"s\" ", &doc);
	ck_assert_str_eq(describe(&doc), "=s:s");
	json_flat_free(&doc);
	parse("[]", &doc);
	ck_assert_str_eq(describe(&doc), "=[]");
	json_flat_free(&doc);
	parse("{}", &doc);
	ck_assert_uint_eq(doc.count, 0);
	json_flat_free(&doc);
	parse("\t\r\n-7\n", &doc);
	ck_assert_str_eq(describe(&doc), "=-7");
	json_flat_free(&doc);
}
END_TEST

/* An empty list is told from an unknown (null) one and from an absent one. */
START_TEST(empty_list_null_list_absent)
{
	struct json_flat doc;

	parse("{\"l\": [], \"n\": null, \"o\": {}, \"s\": [ ]}", &doc);
	ck_assert_int_eq(json_flat_find(&doc, "l")->kind, JSON_EMPTY_ARRAY);
	ck_assert_ptr_null(json_flat_find(&doc, "l")->value);
	ck_assert_int_eq(json_flat_find(&doc, "n")->kind, JSON_NULL);
	ck_assert_ptr_null(json_flat_find(&doc, "n")->value);
	ck_assert_int_eq(json_flat_find(&doc, "s")->kind, JSON_EMPTY_ARRAY);
	ck_assert_ptr_null(json_flat_find(&doc, "o"));
	ck_assert_ptr_null(json_flat_find(&doc, "missing"));
	json_flat_free(&doc);
}
END_TEST

START_TEST(literals_are_kinds)
{
	struct json_flat doc;

	parse("[true, false, null]", &doc);
	ck_assert_uint_eq(doc.count, 3);
	ck_assert_int_eq(doc.entries[0].kind, JSON_TRUE);
	ck_assert_int_eq(doc.entries[1].kind, JSON_FALSE);
	ck_assert_int_eq(doc.entries[2].kind, JSON_NULL);
	for (size_t i = 0; i < 3; i++)
		ck_assert_ptr_null(doc.entries[i].value);
	json_flat_free(&doc);

	REJECTED("tru", "byte 0: unexpected character");
	REJECTED("[nulL]", "byte 1: unexpected character");
	REJECTED("True", "byte 0: bad number");
}
END_TEST

START_TEST(numbers_keep_their_text)
{
	struct json_flat doc;

	parse("[0, -0, 12, 0.25, -1.5E+10, 2e-3, 1e0, 100000000000000000000]",
	      &doc);
	ck_assert_str_eq(describe(&doc),
	                 "0=0 1=-0 2=12 3=0.25 4=-1.5E+10 5=2e-3 6=1e0 "
	                 "7=100000000000000000000");
	for (size_t i = 0; i < doc.count; i++)
		ck_assert_int_eq(doc.entries[i].kind, JSON_NUMBER);
	json_flat_free(&doc);

	REJECTED("-", "byte 1: bad number");
	REJECTED("1.", "byte 2: bad number");
	REJECTED("1.e3", "byte 2: bad number");
	REJECTED("1e", "byte 2: bad number");
	REJECTED("1e+", "byte 3: bad number");
	REJECTED("+1", "byte 0: bad number");
	REJECTED(".5", "byte 0: bad number");
	REJECTED("01", "byte 1: text after the value");
	REJECTED("-01", "byte 2: text after the value");
	REJECTED("[1,]", "byte 3: bad number");
}
END_TEST

/* The value of the one string of a document. */
static const char *
string_of(const char *text)
{
	static char out[256];
	struct json_flat doc;

	parse(text, &doc);
	ck_assert_uint_eq(doc.count, 1);
	ck_assert_int_eq(doc.entries[0].kind, JSON_STRING);
	snprintf(out, sizeof out, "%s", doc.entries[0].value);
	json_flat_free(&doc);
	return out;
}

START_TEST(escapes_unescaped)
{
	ck_assert_str_eq(string_of("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""),
	                 "\"\\/\b\f\n\r\t");
	ck_assert_str_eq(string_of("\"\\u0041\\u00e9\\u00C9\""),
	                 "A\xc3\xa9\xc3\x89");
	/* One, two, three and four bytes of UTF-8. */
	ck_assert_str_eq(string_of("\"\\u007f\\u0080\\u07ff\\u0800\""),
	                 "\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80");
	ck_assert_str_eq(string_of("\"\\u20ac\\uffff\""),
	                 "\xe2\x82\xac\xef\xbf\xbf");
	/* Surrogate pairs: U+1F600 and the last code point, U+10FFFF. */
	ck_assert_str_eq(string_of("\"\\ud83d\\ude00\""), "\xf0\x9f\x98\x80");
	ck_assert_str_eq(string_of("\"\\uDBFF\\uDFFF\""), "\xf4\x8f\xbf\xbf");
	ck_assert_str_eq(string_of("\"\\ud800\\udc00\""), "\xf0\x90\x80\x80");
	/* Lone surrogates become U+FFFD; what follows them is kept. */
	ck_assert_str_eq(string_of("\"\\ud800x\""), "\xef\xbf\xbdx");
	ck_assert_str_eq(string_of("\"a\\ud800\""), "a\xef\xbf\xbd");
	/* A high surrogate before another escape: that one stays itself. */
	ck_assert_str_eq(string_of("\"\\ud800\\u0041\""), "\xef\xbf\xbd"
	                                                  "A");
	ck_assert_str_eq(string_of("\"\\udc00\\ud83d\\ude00\""),
	                 "\xef\xbf\xbd\xf0\x9f\x98\x80");
	/* UTF-8 in the text passes through as it is. */
	ck_assert_str_eq(string_of("\"caf\xc3\xa9 \xe6\x97\xa5\""),
	                 "caf\xc3\xa9 \xe6\x97\xa5");
	/* Keys are unescaped too. */
	struct json_flat doc;
	parse("{\"k\\u00e9y\": {\"\\n\": 1}}", &doc);
	ck_assert_str_eq(doc.entries[0].path, "k\xc3\xa9y.\n");
	json_flat_free(&doc);
}
END_TEST

START_TEST(bad_strings_rejected)
{
	REJECTED("\"open", "byte 5: unterminated string");
	REJECTED("\"open\\", "byte 6: unterminated string");
	REJECTED("\"\\q\"", "byte 2: bad escape in string");
	REJECTED("\"ab\\x\"", "byte 4: bad escape in string");
	REJECTED("\"a\x01\"", "byte 2: control character in string");
	REJECTED("\"a\tb\"", "byte 2: control character in string");
	REJECTED("\"a\nb\"", "byte 2: control character in string");
	REJECTED("\"\\u12\"", "byte 3: truncated \\u escape");
	REJECTED("\"\\u00e9", "byte 7: unterminated string");
	REJECTED("\"\\ud83d\\ude0", "byte 9: truncated \\u escape");
	/* A NUL is a control character, not the end of the text. */
	assert_rejected("\"a\0b\"", 5, "byte 2: control character in string");

	/* The offset is the bad digit's. */
	REJECTED("\"\\u12g4\"", "byte 5: bad \\u escape");
	/* Values are C strings: a NUL would cut one short, so it is refused. */
	REJECTED("\"a\\u0000b\"", "byte 8: \\u0000 in a string");
}
END_TEST

START_TEST(bad_structure_rejected)
{
	REJECTED("", "byte 0: unexpected end of input");
	REJECTED("   ", "byte 3: unexpected end of input");
	REJECTED("{\"a\": ", "byte 6: unexpected end of input");
	REJECTED("{\"a\": 1", "byte 7: expected ',' or '}'");
	REJECTED("{\"a\": 1 \"b\": 2}", "byte 8: expected ',' or '}'");
	REJECTED("[1", "byte 2: expected ',' or ']'");
	REJECTED("[1 2]", "byte 3: expected ',' or ']'");
	REJECTED("[1}", "byte 2: expected ',' or ']'");
	REJECTED("{1: 2}", "byte 1: expected a key");
	REJECTED("{\"a\": 1,}", "byte 8: expected a key");
	REJECTED("{\"a\" 1}", "byte 5: expected ':'");
	REJECTED("{\"a\"", "byte 4: expected ':'");
	REJECTED("{\"a\": }", "byte 6: bad number");
	REJECTED("{} x", "byte 3: text after the value");
	REJECTED("[] []", "byte 3: text after the value");
	REJECTED("1 2", "byte 2: text after the value");
	/* Only n bytes are read: what follows them is not the document. */
	assert_rejected("[1, 2]", 4, "byte 4: unexpected end of input");
	struct json_flat doc;
	ck_assert(json_flat_parse("[1] garbage", 3, &doc, why, sizeof why));
	ck_assert_str_eq(describe(&doc), "0=1");
	json_flat_free(&doc);
}
END_TEST

/* depth nested arrays around an empty one: "[[...[]...]]". */
static char *
nested(size_t depth)
{
	static char text[512];

	ck_assert_uint_lt(2 * depth, sizeof text);
	memset(text, '[', depth);
	memset(text + depth, ']', depth);
	text[2 * depth] = '\0';
	return text;
}

START_TEST(deep_nesting_limited)
{
	struct json_flat doc;

	/* 65 levels are read (the value at depth 64), 66 are not. */
	parse(nested(65), &doc);
	ck_assert_uint_eq(doc.count, 1);
	ck_assert_int_eq(doc.entries[0].kind, JSON_EMPTY_ARRAY);
	ck_assert_uint_eq(strlen(doc.entries[0].path), 64 * 2 - 1);
	json_flat_free(&doc);
	REJECTED(nested(66), "byte 65: nested too deeply");
	REJECTED(nested(200), "byte 65: nested too deeply");
	/* Objects count alike. */
	char text[1024] = "";
	for (int i = 0; i < 70; i++)
		strcat(text, "{\"a\":");
	REJECTED(text, "byte 325: nested too deeply");
}
END_TEST

START_TEST(reason_cut_to_its_buffer)
{
	struct json_flat doc;
	char small[8];

	memset(small, 'x', sizeof small);
	ck_assert(!json_flat_parse("{} x", 4, &doc, small, sizeof small));
	ck_assert_str_eq(small, "byte 3:");
	/* No buffer: still rejected. */
	ck_assert(!json_flat_parse("{} x", 4, &doc, NULL, 0));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {json_flattens_paths,
	                        json_rejects_with_offset,
	                        nested_paths_in_document_order,
	                        scalars_at_the_top,
	                        empty_list_null_list_absent,
	                        literals_are_kinds,
	                        numbers_keep_their_text,
	                        escapes_unescaped,
	                        bad_strings_rejected,
	                        bad_structure_rejected,
	                        deep_nesting_limited,
	                        reason_cut_to_its_buffer,
	                        NULL};
	return unit_main("json_flat", tests);
}
