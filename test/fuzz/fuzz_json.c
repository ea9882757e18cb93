/*
 * fuzz_json.c - the JSON reader of meta.json files on any bytes.
 */
#include "base/json_flat.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_flat doc;
	char why[256];

	if (json_flat_parse((const char *)data, size, &doc, why, sizeof why)) {
		for (size_t i = 0; i < doc.count; i++)
			json_flat_find(&doc, doc.entries[i].path);
		json_flat_free(&doc);
	}
	return 0;
}
