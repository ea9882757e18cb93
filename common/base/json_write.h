/*
 * json_write.h - JSON text for any bytes.
 *
 * Views, meta.json and every JSON the programs write go through here, so
 * that any input makes valid JSON: '"' and '\\' are escaped, control
 * characters become \u00XX, and bytes that are not UTF-8 become U+FFFD.
 */
#ifndef PERFVIEWS_JSON_WRITE_H
#define PERFVIEWS_JSON_WRITE_H

#include <stdio.h>

#include "base/span.h"

/* s as a JSON string, quotes included. */
void json_write_string(FILE *out, struct span s);

/*
 * An object's member: "key": s, or "key": null when s is NULL; and
 * "key": v (%.9g), null when v is NaN or infinite (JSON has neither).
 * key is written as it is: a name of the program's, not input.
 */
void json_write_member(FILE *out, const char *key, const char *s);
void json_write_member_number(FILE *out, const char *key, double v);

#endif
