// flamediff.mjs - a differential flame graph (diffstacks | flamesvg) in
// headless Chromium.
//
//   node flamediff.mjs DIFF SVG
//
// DIFF is diffstacks' output, SVG flamesvg's drawing of it.  Checks, from
// what DIFF says rather than from the script under test: every frame's
// colour as the browser paints it (red where B grew and the change is
// significant, blue where it shrank, white otherwise), the hover text
// (both self counts, p and q), zoom and Reset Zoom, search and Matched %,
// and the console.  Prints "ok NAME" / "not ok NAME: why" lines for the
// shell script (t-flatdiff.sh).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { finish, launch, report } from "./lib.mjs";

const [diffPath, svgPath] = process.argv.slice(2);

// Stacks of the diff file: frames, counts, and the verdict of its test.
function readDiff(path) {
	const stacks = [];
	let verdict = "untested", widthsA = false;
	for (const line of readFileSync(path, "utf8").split("\n")) {
		if (line.startsWith("# perfviews-diff: widths=A"))
			widthsA = true;
		if (line.startsWith("# p=")) {
			verdict = line.endsWith(" yes") ? "significant" : "noise";
			continue;
		}
		if (!line || line.startsWith("#"))
			continue;
		const parts = line.split(" ");
		const second = Number(parts.pop()), first = Number(parts.pop());
		const [a, b] = widthsA ? [second, first] : [first, second];
		stacks.push({ frames: parts.join(" ").split(";"), a, b,
		              width: second, verdict });
		verdict = "untested";
	}
	return stacks;
}

// What each frame should look like, by its path from the root.
function expectedFrames(stacks) {
	const byPath = new Map();
	for (const s of stacks) {
		for (let i = 1; i <= s.frames.length; i++) {
			const path = s.frames.slice(0, i).join(";");
			const f = byPath.get(path) ||
			    { width: 0, a: 0, b: 0, verdict: "none" };
			f.width += s.width;
			if (i === s.frames.length) {
				f.a += s.a;
				f.b += s.b;
				f.verdict = s.verdict;
			}
			byPath.set(path, f);
		}
	}
	return byPath;
}

// Every frame as painted: its path from the root, title, box, colour.
async function frames(page) {
	return page.evaluate(() => {
		const svg = document.documentElement;
		const origin = svg.getBoundingClientRect().left;
		const out = [], path = [];
		for (const g of document.getElementById("frames").children) {
			const title = g.querySelector("title").textContent;
			const rect = g.querySelector("rect");
			const name = title.slice(0, title.lastIndexOf(" ("));
			const y = parseFloat(rect.getAttribute("y"));
			while (path.length && path[path.length - 1].y <= y)
				path.pop();
			path.push({ y, name });
			const box = rect.getBoundingClientRect();
			out.push({ title, name, path: path.slice(1).map((p) => p.name).join(";"),
				x: box.left - origin, y, width: box.width,
				fill: getComputedStyle(rect).fill,
				shown: getComputedStyle(g).display !== "none" && box.width > 0.01 });
		}
		return out;
	});
}

function rgb(fill) {
	const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(fill);
	return m ? m.slice(1, 4).map(Number) : null;
}

async function main() {
	const want = expectedFrames(readDiff(diffPath));
	const { context, done } = await launch();
	try {
		const page = await context.newPage();
		const errors = [];
		page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.goto(pathToFileURL(resolve(svgPath)).href);
		const before = await frames(page);

		// Colours: significant growth red, shrinkage blue, the rest white; a
		// frame on one side only (the title says so) purple when new, green
		// when gone, whatever its test.
		let bad = [], red = 0, blue = 0, white = 0, oneSide = 0;
		for (const f of before.slice(1)) {
			const w = want.get(f.path);
			const c = rgb(f.fill);
			if (!w || !c) {
				bad.push(`${f.path}: not in the diff`);
				continue;
			}
			const only = /; (new: only in B|gone: only in A)\)$/.exec(f.title);
			if (only) {
				const want = only[1].startsWith("new") ? [190, 110, 230]
				                                       : [90, 190, 110];
				oneSide++;
				if (c.join() !== want.join())
					bad.push(`${f.name} (${only[1]}) ${f.fill}`);
				continue;
			}
			const grew = w.b > w.a, shrank = w.b < w.a;
			const sig = w.verdict === "significant" && (grew || shrank);
			const isRed = c[0] === 255 && c[1] === c[2] && c[1] < 255;
			const isBlue = c[2] === 255 && c[0] === c[1] && c[0] < 255;
			const isWhite = c.every((v) => v === 255);
			red += isRed;
			blue += isBlue;
			white += isWhite;
			if (sig && grew && !isRed || sig && shrank && !isBlue ||
			    !sig && !isWhite)
				bad.push(`${f.name} (${w.verdict}, A ${w.a} B ${w.b}) ${f.fill}`);
		}
		report("frames coloured by significant change", bad.length === 0,
		       bad.slice(0, 5).join("; "));
		console.log(`# ${before.length} frames: ${red} red, ${blue} blue, ${white} white, ${oneSide} on one side only`);
		report("some frames red and some blue", red > 0 && blue > 0,
		       `${red} red, ${blue} blue`);

		// Hover: the details line shows the title, with counts, p and q.  The
		// subject is the widest significant frame, whatever the recording made
		// it; a person points at the frame, rectangle or label alike, so the
		// pointer goes to the frame's group (a label drawn over the rectangle
		// takes the pointer at its centre).
		const target = before.filter((f) => /, significant(; new: only in B)?\)$/.test(f.title) &&
		    f.shown && f.width >= 2).sort((x, y) => y.width - x.width)[0];
		if (!target) {
			report("a significant frame to hover", false,
			       "no significant frame 2 pixels wide or more");
			return;
		}
		const frame = page.locator("#frames > g").nth(before.indexOf(target));
		await frame.hover();
		const details = await page.evaluate(() =>
		    document.getElementById("details").textContent);
		report("hover shows counts, p and q", details.endsWith(target.title) &&
		       /self A [\d,.]+ -> B [\d,.]+, p=\S+ q=\S+, significant(; new: only in B)?\)$/.test(details),
		       `'${details}'`);

		// Zoom on it: it spans the width; Reset Zoom restores every frame.
		const full = before[0].width;
		await frame.click();
		const zoomed = (await frames(page)).find((f) => f.path === target.path);
		report("click zooms a differential frame", Math.abs(zoomed.width - full) < 0.5 &&
		       Math.abs(zoomed.x - before[0].x) < 0.5, `${zoomed.x}+${zoomed.width}`);
		await page.click("#unzoom");
		const reset = await frames(page);
		bad = reset.filter((f, i) => Math.abs(f.x - before[i].x) > 0.01 ||
		    Math.abs(f.width - before[i].width) > 0.01 || f.fill !== before[i].fill);
		report("Reset Zoom restores frames and colours", bad.length === 0,
		       bad.map((f) => f.path).slice(0, 3).join("; "));

		// Search highlights the frames of that name, and only those (anchored:
		// a recording may hold longer names that contain it, such as a .cold
		// part); Escape gives colours back.
		const name = "^" + target.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "$";
		page.once("dialog", (d) => d.accept(name));
		await page.keyboard.press("Control+f");
		const found = await frames(page);
		bad = found.filter((f) => (f.fill === "rgb(230, 0, 230)") !==
		    (f.name === target.name));
		const matched = await page.evaluate(() =>
		    document.getElementById("matched").textContent);
		report("search highlights the frames of a name", bad.length === 0 &&
		       /^Matched: [\d.]+%$/.test(matched), `${bad.length} wrong, '${matched}'`);
		await page.keyboard.press("Escape");
		const cleared = await frames(page);
		report("Escape restores the colours", cleared.every((f, i) =>
		       f.fill === before[i].fill), "colours differ after the search");

		report("no console errors", errors.length === 0, errors.join(" | "));
	} finally {
		await done();
	}
}

finish(main(), "differential graph checked");
