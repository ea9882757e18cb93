/*
 * perfviews - the data-set tool behind `make record`, `views`, `compare`,
 * `publish`, `stability` and `suite`.
 *
 * Not a filter: it names, records, describes, publishes and compares
 * profile data sets (perfviews(5)).  Each subcommand is a struct program
 * (its usage, summary and table of options) and a few lines of glue over
 * the groups below, in common/tool: dataset_commands (id, name, meta,
 * get), view_commands (readme, views, stability), compare_commands
 * (compare), record_commands (record, script) and suite_commands (publish,
 * suite, suite run, compare-suites).  Here: the table of commands, in the
 * order --help lists them.
 */
#include "base/commands.h"
#include "tool/compare_commands.h"
#include "tool/dataset_commands.h"
#include "tool/record_commands.h"
#include "tool/suite_commands.h"
#include "tool/view_commands.h"

static const struct command commands[] = {
    {&id_program, cmd_id},
    {&name_program, cmd_name},
    {&meta_program, cmd_meta},
    {&get_program, cmd_get},
    {&readme_program, cmd_readme},
    {&views_program, cmd_views},
    {&compare_program, cmd_compare},
    {&record_program, cmd_record},
    {&script_program, cmd_script},
    {&publish_program, cmd_publish},
    {&stability_program, cmd_stability},
    {&suite_program, cmd_suite},
    /* Run by suite's (its name, two words, is none of argv[1]'s): listed
     * here for --help and --list-options. */
    {&suite_run_program, cmd_suite_run},
    {&compare_suites_program, cmd_compare_suites},
};

int
main(int argc, char *argv[])
{
	return commands_main("perfviews",
	                     "Name, record, describe, publish and compare "
	                     "profile data sets.",
	                     commands, sizeof commands / sizeof commands[0],
	                     argc, argv);
}
