/*
 * pattern.c - see pattern.h.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "match/pattern.h"

struct pattern {
	pcre2_code *code;
	pcre2_match_data *match;
	bool jit; /* compiled to machine code: pcre2_jit_match is faster */
};

struct pattern *
pattern_try_compile(struct span regex, char *err, size_t errlen)
{
	int errcode;
	PCRE2_SIZE erroffset;
	pcre2_code *code = pcre2_compile((PCRE2_SPTR)regex.p, regex.n, 0,
	                                 &errcode, &erroffset, NULL);

	if (code == NULL) {
		PCRE2_UCHAR msg[256];
		pcre2_get_error_message(errcode, msg, sizeof msg);
		snprintf(err, errlen, "%s at offset %zu", (const char *)msg,
		         (size_t)erroffset);
		return NULL;
	}
	struct pattern *p = xmalloc(sizeof *p);
	p->code = code;
	/* JIT is an optimisation only; without it matching still works. */
	p->jit = pcre2_jit_compile(p->code, PCRE2_JIT_COMPLETE) == 0;
	p->match = pcre2_match_data_create_from_pattern(p->code, NULL);
	if (p->match == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

struct pattern *
pattern_compile(const char *regex, const char *option)
{
	char err[300];
	struct pattern *p =
	    pattern_try_compile(span_cstr(regex), err, sizeof err);

	if (p == NULL)
		usage_error("%s '%s': %s", option, regex, err);
	return p;
}

bool
pattern_match(const struct pattern *p, struct span subject)
{
	int rc = p->jit ? pcre2_jit_match(p->code, (PCRE2_SPTR)subject.p,
	                                  subject.n, 0, 0, p->match, NULL)
	                : pcre2_match(p->code, (PCRE2_SPTR)subject.p, subject.n,
	                              0, 0, p->match, NULL);
	if (rc >= 0)
		return true;
	if (rc == PCRE2_ERROR_NOMATCH)
		return false;
	/* A resource limit on a pathological pattern: say so, not match. */
	PCRE2_UCHAR msg[256];
	pcre2_get_error_message(rc, msg, sizeof msg);
	die(EXIT_DATA, "pattern match failed: %s", (const char *)msg);
}

void
pattern_free(struct pattern *p)
{
	if (p == NULL)
		return;
	pcre2_match_data_free(p->match);
	pcre2_code_free(p->code);
	free(p);
}
