/*
 * record_views.h - a recorded data set's views rendered once it is in
 * place (`make record` renders them, timed): for record.c and, for each
 * data set of a benchmark, bench_output.c.
 *
 * meta.json is written once, complete, before the views: nothing here
 * writes it again, so the views (made from it) stay up to date, and the
 * views' time is not in it but in make record's last line ("views N s").
 */
#ifndef PERFVIEWS_RECORD_VIEWS_H
#define PERFVIEWS_RECORD_VIEWS_H

/*
 * Render the views of the data set id into opt->out by opt->render
 * (`perfviews views`'s), or when opt->views is set, by running that
 * command (split into words) with "ID=id" after it ("": no views, 0 s),
 * then record_stop_if_asked; return the seconds it took.  A failure is
 * fatal, with the command's own message.
 */
struct record_options;
double record_views(const struct record_options *opt, const char *id);

#endif
