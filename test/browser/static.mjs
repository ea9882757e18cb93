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
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const [flamePath, categoriesPath] = process.argv.slice(2);
let failures = 0;

function report(name, ok, why) {
	if (ok) {
		console.log(`ok ${name}`);
	} else {
		failures++;
		console.log(`not ok ${name}: ${why}`);
	}
}

async function main() {
	const profile = mkdtempSync(join(tmpdir(), "static-chromium-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		headless: true,
		javaScriptEnabled: false,
		args: ["--headless", "--no-sandbox", "--disable-gpu",
		       "--no-first-run", "--disable-background-networking"],
	});
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
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	}
	process.exitCode = failures > 0 ? 1 : 0;
}

main().catch((e) => {
	console.log(`not ok static SVGs: ${e.message.split("\n")[0]}`);
	process.exitCode = 1;
});
