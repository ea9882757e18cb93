/*
 * record_views.h - a recorded data set's views rendered once it is in
 * place (`make record` renders them, timed): for record.c and, for each
 * data set of a benchmark, bench_output.c.
 */
#ifndef PERFVIEWS_RECORD_VIEWS_H
#define PERFVIEWS_RECORD_VIEWS_H

/*
 * Render the views of the data set id, whose meta.json is meta, into
 * opt->out by opt->render (`perfviews views`'s), or when opt->views is
 * set, by running that command (split into words) with "ID=id" after it
 * ("": no views, 0 s), then record_stop_if_asked; keep the seconds it took
 * in meta.json's timing.views_seconds, and return them.  The views stay up to
 * date: they depend on what meta.json says but this field (view_make.h), not on
 * its date.  A failure is fatal, with the command's own message.
 */
struct record_options;
double record_views(const struct record_options *opt, const char *id,
                    const char *meta);

#endif
