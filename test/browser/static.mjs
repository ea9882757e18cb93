// static.mjs - SVGs as a page that shows them as images sees them (GitHub:
// no script runs), in headless Chromium with JavaScript off.
//
//   node static.mjs FLAMEGRAPH.SVG CATEGORIES.SVG
//
// A flame graph must read without its script: frames and their labels
// drawn, the title there, and none of the controls that only the script
// makes work (Search, ic, Reset Zoom); a category chart, its bars and
// legend, without the hint to hover.  Prints "ok NAME" / "not ok NAME:
// why" lines for the shell script (t-viewers.sh).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { finish, launch, report } from "./lib.mjs";

const [flamePath, categoriesPath] = process.argv.slice(2);

async function main() {
	const { context, done } = await launch({ javaScriptEnabled: false });
	try {
		const page = await context.newPage();
		await page.goto(pathToFileURL(resolve(flamePath)).href);
		const f = await page.evaluate(() => {
			const shown = (e) => e !== null &&
			    getComputedStyle(e).display !== "none" &&
			    getComputedStyle(e).visibility !== "hidden";
			const labels = [...document.querySelectorAll("#frames text")]
			    .filter((t) => shown(t) && t.textContent.trim() !== "");
			return {
				controls: ["search", "ignorecase", "unzoom"].filter(
				    (id) => shown(document.getElementById(id))),
				frames: document.querySelectorAll("#frames > g").length,
				labels: labels.length,
				title: (document.getElementById("title") || {}).textContent,
			};
		});
		report("flame graph without script: no control that would do nothing",
		    f.controls.length === 0, `shown: ${f.controls.join(", ")}`);
		report("flame graph without script: frames, labels and title drawn",
		    f.frames > 10 && f.labels > 10 && f.title,
		    `${f.frames} frames, ${f.labels} labels, title ${f.title}`);

		await page.goto(pathToFileURL(resolve(categoriesPath)).href);
		const c = await page.evaluate(() => ({
			details: (document.getElementById("details") || {}).textContent,
			texts: [...document.querySelectorAll("text")]
			    .map((t) => t.textContent).join(" "),
		}));
		report("category bars without script: no hint to hover",
		    !/hover/i.test(c.details || "") && /\d%/.test(c.texts),
		    `details "${c.details}"`);
	} finally {
		await done();
	}
}

finish(main(), "static SVGs");
