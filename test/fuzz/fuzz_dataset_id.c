/*
 * fuzz_dataset_id.c - the data set ID parser on any string.
 */
#include "dataset/dataset_id.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dataset_id id;
	char why[256];
	char *text = fuzz_string(data, size);

	if (dataset_id_parse(text, &id, why, sizeof why)) {
		dataset_id_has_tag(&id, "nosite");
		dataset_id_free(&id);
	}
	free(text);
	return 0;
}
