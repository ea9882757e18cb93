// flamesvg.mjs - drive flamesvg's SVGs in headless Chromium.
//
//   node flamesvg.mjs check FOLDED SVG    interactive checks on a small graph
//   node flamesvg.mjs view FOLDED SVG ICICLE_SVG
//                                         a graph taller than the window:
//                                         where it opens, bars kept in view
//   node flamesvg.mjs time SVG PATTERN    first paint, zoom and search times
//   node flamesvg.mjs subtitle SVG        every line of a long subtitle
//                                         inside the picture, centred
//
// Prints "ok NAME", "not ok NAME: why" and "# ..." lines for
// t-flamesvg-browser.sh.  Expected values come from the folded input or
// from the SVG as written, never from the script under test.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { finish, launch, report } from "./lib.mjs";

const [mode, ...args] = process.argv.slice(2);

function near(a, b, tolerance) {
	return Math.abs(a - b) <= tolerance;
}

// Console errors and uncaught exceptions of a page, to report at the end.
function watchErrors(page, errors) {
	page.on("console", (m) => {
		if (m.type() === "error")
			errors.push(m.text());
	});
	page.on("pageerror", (e) => errors.push(String(e)));
}

// Every frame as written: name, count, geometry, label, state.
async function frames(page) {
	return page.evaluate(() => {
		// Geometry as seen: the part of each frame inside the margins.
		const svg = document.documentElement;
		const origin = svg.getBoundingClientRect().left;
		const right = svg.width.baseVal.value - 10;
		const list = [];
		for (const g of document.getElementById("frames").children) {
			const title = g.querySelector("title").textContent;
			const rect = g.querySelector("rect");
			const text = g.querySelector("text");
			const m = /^(.*) \(([\d,]+) /.exec(title);
			const box = rect.getBoundingClientRect();
			const left = Math.max(box.left - origin, 10);
			const end = Math.min(box.right - origin, right);
			const style = getComputedStyle(g);
			list.push({
				title,
				name: m ? m[1] : title,
				count: m ? Number(m[2].replace(/,/g, "")) : 0,
				x: left,
				y: parseFloat(rect.getAttribute("y")),
				width: end - left,
				widthText: rect.getAttribute("width"),
				xText: rect.getAttribute("x"),
				label: text ? text.textContent : "",
				shown: style.display !== "none" &&
				    style.visibility !== "hidden" && end - left > 0.01,
				fill: getComputedStyle(rect).fill,
			});
		}
		return list;
	});
}

async function textOf(page, id) {
	return page.evaluate((i) => document.getElementById(i).textContent, id);
}

// Read the folded input: [{frames: [...], count}].
function readFolded(path) {
	return readFileSync(path, "utf8").split("\n").filter((l) => l).map((l) => {
		const sp = l.lastIndexOf(" ");
		return { frames: l.slice(0, sp).split(";"), count: Number(l.slice(sp + 1)) };
	});
}

function totalOf(stacks) {
	return stacks.reduce((sum, s) => sum + s.count, 0);
}

// The share of samples below the path `zoom` (a list of names from the
// root, [] for all) that pass through a frame matching re below it, or in
// it; a matching ancestor of the zoomed frame matches everything.
function expectedMatched(stacks, re, zoom) {
	let whole = 0, hit = 0;
	for (const s of stacks) {
		if (zoom.some((name, i) => s.frames[i] !== name))
			continue;
		whole += s.count;
		if (s.frames.some((f) => re.test(f)))
			hit += s.count;
	}
	const pct = 100 * hit / whole;
	return "Matched: " + (pct >= 100 ? "100" : pct.toFixed(1)) + "%";
}

async function searchWithDialog(page, term, how) {
	const answer = (d) => d.accept(term);
	page.once("dialog", answer);
	if (how === "key")
		await page.keyboard.press("Control+f");
	else
		await page.click("#search");
}

async function check(foldedPath, svgPath) {
	const stacks = readFolded(foldedPath);
	const url = pathToFileURL(resolve(svgPath)).href;
	const { context, done } = await launch();
	try {
		const page = await context.newPage();
		const errors = [];
		watchErrors(page, errors);
		await page.goto(url);
		const before = await frames(page);
		const frameByName = (list, name) => list.find((f) => f.name === name);

		// The root is labelled with the total, counted from the input.
		const rootLabel = `all (${totalOf(stacks).toLocaleString("en-US")} samples, 100%)`;
		const root0 = frameByName(before, "all");
		report("root labelled with the total", root0.label === rootLabel,
		       `label '${root0.label}', want '${rootLabel}'`);

		// Hover fills the details line with the frame's title.
		const alpha0 = frameByName(before, "alpha");
		await page.mouse.move(alpha0.x + 2, alpha0.y + 5);
		const details = await textOf(page, "details");
		report("hover shows the frame", details === "Function: " + alpha0.title,
		       `details '${details}'`);
		await page.mouse.move(1, 1);
		report("details clear on leaving", (await textOf(page, "details")).trim() === "",
		       "details not cleared");

		// Click zooms: alpha spans the width, its subtree scales, the rest hides.
		await page.mouse.click(alpha0.x + 2, alpha0.y + 5);
		const zoomed = await frames(page);
		const full = before.find((f) => f.name === "all").width;
		const scale = full / alpha0.width;
		let bad = [];
		zoomed.forEach((f, i) => {
			const o = before[i];
			const inside = o.x >= alpha0.x - 0.01 &&
			    o.x + o.width <= alpha0.x + alpha0.width + 0.01;
			const below = inside && o.y <= alpha0.y;
			const above = o.y > alpha0.y && o.x <= alpha0.x + 0.01 &&
			    o.x + o.width >= alpha0.x + alpha0.width - 0.01;
			if (f.shown !== (below || above))
				bad.push(`${o.name}@${o.x} shown=${f.shown}`);
			else if (below && (!near(f.x, 10 + (o.x - alpha0.x) * scale, 0.6) ||
			    !near(f.width, o.width * scale, 0.6)))
				bad.push(`${o.name} at ${f.x}+${f.width}`);
			else if (above && (!near(f.x, 10, 0.01) || !near(f.width, full, 0.1)))
				bad.push(`ancestor ${o.name} at ${f.x}+${f.width}`);
		});
		const alpha1 = frameByName(zoomed, "alpha");
		report("click zooms to full width", near(alpha1.x, 10, 0.01) &&
		       near(alpha1.width, full, 0.1), `alpha at ${alpha1.x}+${alpha1.width}`);
		report("zoom hides unrelated frames and scales the subtree",
		       bad.length === 0, bad.join(", "));
		const drawn = await page.evaluate(() => [...document.querySelectorAll("text")]
		    .filter((t) => getComputedStyle(t).visibility !== "hidden" &&
		    t.textContent === "alpha").length);
		report("zoom labels the zoomed frame", drawn === 1, `${drawn} labels 'alpha'`);
		const rootDrawn = await page.evaluate((want) => [...document.querySelectorAll("text")]
		    .filter((t) => getComputedStyle(t).visibility !== "hidden" &&
		    t.textContent === want).length, rootLabel);
		report("zoom keeps the root's label", rootDrawn === 1,
		       `${rootDrawn} labels '${rootLabel}'`);
		report("Reset Zoom shows", !(await page.evaluate(() =>
		       document.getElementById("unzoom").classList.contains("hide"))),
		       "still hidden");

		// Reset Zoom restores every frame as written.
		await page.click("#unzoom");
		const reset = await frames(page);
		bad = reset.filter((f, i) => !near(f.x, before[i].x, 0.01) ||
		    !near(f.width, before[i].width, 0.01) || f.xText !== before[i].xText ||
		    f.widthText !== before[i].widthText || f.label !== before[i].label ||
		    !f.shown).map((f) => f.name);
		report("Reset Zoom restores", bad.length === 0, bad.join(", "));

		// Search: Ctrl-F, the right frames highlighted, the right share.
		await searchWithDialog(page, "beta", "key");
		let after = await frames(page);
		const highlight = "rgb(230, 0, 230)";
		bad = after.filter((f) => (f.fill === highlight) !== (f.name === "beta"))
		    .map((f) => f.name);
		report("search highlights the matches", bad.length === 0, bad.join(", "));
		let want = expectedMatched(stacks, /beta/, []);
		let got = await textOf(page, "matched");
		report("search shows Matched %", got === want, `'${got}', want '${want}'`);

		// Matched % over the frames in view after a zoom.
		const a = frameByName(after, "alpha");
		await page.mouse.click(a.x + 2, a.y + 5);
		want = expectedMatched(stacks, /beta/, ["proc", "main", "alpha"]);
		got = await textOf(page, "matched");
		report("Matched % counts the zoomed view", got === want,
		       `'${got}', want '${want}'`);

		// The URL keeps zoom and search: a new page opened on it agrees.
		const kept = page.url();
		const page2 = await context.newPage();
		watchErrors(page2, errors);
		await page2.goto(kept);
		const restored = await frames(page2);
		const alpha2 = frameByName(restored, "alpha");
		const idle2 = frameByName(restored, "idle");
		report("URL restores zoom", near(alpha2.x, 10, 0.01) &&
		       near(alpha2.width, full, 0.1) && !idle2.shown, `url ${kept}`);
		got = await textOf(page2, "matched");
		report("URL restores search", got === want, `'${got}', want '${want}'`);
		await page2.close();

		// Case-insensitive toggle, and a search started from the button.
		await page.click("#unzoom");
		await page.keyboard.press("Escape");
		await searchWithDialog(page, "BETA", "button");
		want = expectedMatched(stacks, /BETA/, []);
		got = await textOf(page, "matched");
		report("search is case-sensitive", got === want, `'${got}', want '${want}'`);
		await page.click("#ignorecase");
		want = expectedMatched(stacks, /BETA/i, []);
		got = await textOf(page, "matched");
		report("ic makes it case-insensitive", got === want,
		       `'${got}', want '${want}'`);
		await page.keyboard.press("Escape");
		after = await frames(page);
		report("Escape clears the search", after.every((f) => f.fill !== highlight) &&
		       (await textOf(page, "matched")).trim() === "", "still highlighted");

		report("no console errors", errors.length === 0, errors.join(" | "));
	} finally {
		await done();
	}
}

// Where an element is on the screen, and whether it is what a point at
// its centre hits (not hidden under something else).
async function placeOf(page, selector) {
	return page.evaluate((sel) => {
		const el = document.querySelector(sel);
		const box = el.getBoundingClientRect();
		const hit = document.elementFromPoint(box.left + box.width / 2,
		    box.top + box.height / 2);
		return { top: box.top, bottom: box.bottom, height: box.height,
		    view: window.innerHeight, scrollY: window.scrollY,
		    onTop: hit === el || el.contains(hit) };
	}, selector);
}

// A control's text against the top of the background, as written in the
// SVG (the gradient's first stop): WCAG's contrast ratio of the two
// colours, and the opacity the text is drawn with.
async function contrast(page, selector) {
	const c = await page.evaluate((sel) => {
		let opacity = 1;
		const el = document.querySelector(sel);
		for (let e = el; e && e.nodeType === 1; e = e.parentNode)
			opacity *= Number(getComputedStyle(e).opacity);
		return { fill: getComputedStyle(el).fill, opacity,
		    background: document.querySelector("#background stop")
		    .getAttribute("stop-color") };
	}, selector);
	const rgb = (text) => text.startsWith("#") ?
	    [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16)) :
	    text.match(/\d+/g).slice(0, 3).map(Number);
	const luminance = (text) => {
		const [r, g, b] = rgb(text).map((v) => {
			v /= 255;
			return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
		});
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const [a, b] = [luminance(c.fill), luminance(c.background)];
	c.ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
	return c;
}

// The centre of a frame's rectangle on the screen, and its title.
async function frameTarget(page, selector) {
	return page.evaluate((sel) => {
		const g = document.querySelector(sel);
		const b = g.querySelector("rect").getBoundingClientRect();
		return { x: b.left + b.width / 2, y: b.top + b.height / 2,
		    title: g.firstElementChild.textContent };
	}, selector);
}

// Hover a frame: [the details line shows its title and is in view, why].
async function hoverDetails(page, target) {
	await page.mouse.move(target.x, target.y);
	const details = await textOf(page, "details");
	const p = await placeOf(page, "#details");
	return [details === "Function: " + target.title && inView(p),
	    `'${details}' ${where(p)}`];
}

// Entirely inside the window, and not covered.
function inView(p) {
	return p.top >= -0.5 && p.bottom <= p.view + 0.5 && p.height > 0 && p.onTop;
}

function where(p) {
	return `at ${p.top.toFixed(1)}..${p.bottom.toFixed(1)} of ${p.view}, ` +
	    `scrollY ${p.scrollY}${p.onTop ? "" : ", covered"}`;
}

const settle = (page) => page.evaluate(() => new Promise((r) =>
    requestAnimationFrame(() => requestAnimationFrame(r))));

// The root frame's <g>: the one whose title starts "all (".
const ROOT = "#frames > g:first-child";

// A graph taller than a 900-pixel window, as a flame graph and an icicle.
async function view(foldedPath, svgPath, icicleSvgPath) {
	const stacks = readFolded(foldedPath);
	const { context, done } =
	    await launch({ viewport: { width: 1280, height: 900 } });
	try {
		const page = await context.newPage();
		const errors = [];
		watchErrors(page, errors);
		await page.goto(pathToFileURL(resolve(svgPath)).href);
		await settle(page);
		const height = await page.evaluate(() =>
		    document.documentElement.getBoundingClientRect().height);
		report("test graph is taller than the window", height > 900,
		       `${height} pixels`);
		const rootTitle = await page.evaluate((sel) =>
		    document.querySelector(sel).firstElementChild.textContent, ROOT);
		report("first frame is the root", rootTitle.startsWith("all ("),
		       `title '${rootTitle}'`);

		// Opened: the root (bottom) and the details line, and the controls.
		let p = await placeOf(page, `${ROOT} > rect`);
		report("opens with the root in view", inView(p), where(p));
		const rootLabel = `all (${totalOf(stacks).toLocaleString("en-US")} samples, 100%)`;
		const label = await page.evaluate((sel) =>
		    document.querySelector(sel)?.textContent ?? "", `${ROOT} > text`);
		report("tall graph: root labelled with the total", label === rootLabel,
		       `label '${label}', want '${rootLabel}'`);
		for (const id of ["search", "ignorecase"]) {
			p = await placeOf(page, "#" + id);
			report(`opens with #${id} in view`, inView(p), where(p));
			const c = await contrast(page, "#" + id);
			report(`#${id} is clearly visible`, c.ratio >= 4.5 && c.opacity > 0.9,
			       `contrast ${c.ratio.toFixed(2)} (${c.fill} on ${c.background}), ` +
			       `opacity ${c.opacity}`);
		}
		report("hovering the root fills the details line, in view",
		       ...await hoverDetails(page, await frameTarget(page, ROOT)));

		// Scrolled to the top: the details line follows, and hovering a frame
		// at the top fills it.
		await page.evaluate(() => window.scrollTo(0, 0));
		await settle(page);
		for (const id of ["search", "ignorecase"]) {
			p = await placeOf(page, "#" + id);
			report(`#${id} in view scrolled to the top`, inView(p), where(p));
		}
		const top = await page.evaluate(() => {
			// The highest frame that has nothing on top of it.
			let best = null;
			for (const g of document.getElementById("frames").children) {
				const b = g.querySelector("rect").getBoundingClientRect();
				const x = b.left + b.width / 2, y = b.top + b.height / 2;
				if (b.width < 3 || b.top < 0 || (best && b.top >= best.y))
					continue;
				const hit = document.elementFromPoint(x, y);
				if (hit && g.contains(hit))
					best = { x, y, title: g.firstElementChild.textContent };
			}
			return best;
		});
		if (top)
			report("hover at the top fills the details line, in view",
			       ...await hoverDetails(page, top));
		else
			report("hover at the top fills the details line, in view", false,
			       "no frame to hover");

		// Half way: both bars in view, and Search still works.
		await page.evaluate(() => window.scrollTo(0, (document.documentElement
		    .getBoundingClientRect().height - window.innerHeight) / 2));
		await settle(page);
		for (const id of ["search", "ignorecase"]) {
			p = await placeOf(page, "#" + id);
			report(`#${id} in view scrolled half way`, inView(p), where(p));
		}
		await searchWithDialog(page, "do_syscall", "button");
		const got = await textOf(page, "matched");
		const want = expectedMatched(stacks, /do_syscall/, []);
		p = await placeOf(page, "#matched");
		report("Search works scrolled half way", got === want && inView(p),
		       `'${got}', want '${want}', ${where(p)}`);
		await page.close();

		// A link that zooms to the deepest frame (as written) opens with that
		// frame in view, far from the root.
		const linked = await context.newPage();
		watchErrors(linked, errors);
		await linked.goto(pathToFileURL(resolve(svgPath)).href);
		const deepest = await linked.evaluate(() => {
			let best = null;
			document.querySelectorAll("#frames > g").forEach((g, i) => {
				const r = g.querySelector("rect");
				const y = parseFloat(r.getAttribute("y"));
				if (!best || y < best.y)
					best = { i, y, x: r.getAttribute("x"), yText: r.getAttribute("y") };
			});
			return best;
		});
		await linked.goto("about:blank"); // else only the fragment changes
		await linked.goto(pathToFileURL(resolve(svgPath)).href +
		    `#x=${deepest.x}&y=${deepest.yText}`);
		await settle(linked);
		p = await placeOf(linked, `#frames > g:nth-child(${deepest.i + 1}) > rect`);
		report("a link zoomed to the deepest frame opens with it in view",
		       inView(p), where(p));
		await linked.close();

		// An icicle graph opens at the top, its root there, the details line
		// at the bottom of the window.
		const icicle = await context.newPage();
		watchErrors(icicle, errors);
		await icicle.goto(pathToFileURL(resolve(icicleSvgPath)).href);
		await settle(icicle);
		p = await placeOf(icicle, `${ROOT} > rect`);
		report("icicle opens with the root in view", inView(p) && p.scrollY === 0,
		       where(p));
		report("icicle: hovering the root fills the details line, in view",
		       ...await hoverDetails(icicle, await frameTarget(icicle, ROOT)));
		await icicle.close();

		report("tall graph: no console errors", errors.length === 0,
		       errors.join(" | "));
	} finally {
		await done();
	}
}

// Times, in milliseconds, for a big graph: printed, not asserted.
async function time(svgPath, pattern) {
	const url = pathToFileURL(resolve(svgPath)).href;
	const { context, done } = await launch();
	try {
		const page = await context.newPage();
		const errors = [];
		watchErrors(page, errors);
		const start = Date.now();
		await page.goto(url, { waitUntil: "load" });
		const loaded = Date.now() - start;
		const paint = await page.evaluate(() => {
			const p = performance.getEntriesByType("paint");
			return p.length ? p[0].startTime : null;
		});
		const settle = "new Promise((r) => requestAnimationFrame(() => " +
		    "requestAnimationFrame(r)))";
		// Zoom into the child of the root's child with the most frames below.
		const zoom = await page.evaluate(async (settle) => {
			const gs = [...document.getElementById("frames").children];
			const ys = gs.map((g) => parseFloat(g.querySelector("rect").getAttribute("y")));
			const levels = [...new Set(ys)].sort((a, b) => b - a);
			let best = null, bestWidth = -1;
			gs.forEach((g, i) => {
				const w = parseFloat(g.querySelector("rect").getAttribute("width"));
				if (ys[i] === levels[3] && w > bestWidth && w < 1000)
					best = g, bestWidth = w;
			});
			const times = [];
			for (const target of [best, best]) {
				const t0 = performance.now();
				target.querySelector("rect").dispatchEvent(
				    new MouseEvent("click", { bubbles: true }));
				await eval(settle);
				times.push(performance.now() - t0);
				document.getElementById("unzoom").dispatchEvent(
				    new MouseEvent("click", { bubbles: true }));
				await eval(settle);
			}
			return { frames: gs.length, times };
		}, settle);
		const search = await page.evaluate(async ([settle, pattern]) => {
			window.prompt = () => pattern;
			const t0 = performance.now();
			document.dispatchEvent(new KeyboardEvent("keydown",
			    { key: "f", ctrlKey: true, bubbles: true }));
			await eval(settle);
			return [performance.now() - t0,
			    document.getElementById("matched").textContent];
		}, [settle, pattern]);
		console.log(`# ${svgPath}: ${zoom.frames} frames`);
		console.log(`# first paint ${paint === null ? "n/a" : paint.toFixed(0)} ms, ` +
		    `load ${loaded} ms, zoom ${zoom.times[0].toFixed(0)} ms (first, ` +
		    `reads the frames) / ${zoom.times[1].toFixed(0)} ms, search ` +
		    `${search[0].toFixed(0)} ms (${search[1]})`);
		report(`big graph runs without console errors`, errors.length === 0,
		       errors.join(" | "));
	} finally {
		await done();
	}
}

// A subtitle that wraps: each line drawn inside the picture and centred
// on it, in the SVG's own font and in a wide one (DejaVu Sans, where the
// SVG's Verdana is missing), and in the subtitle's grey.
async function subtitle(svgPath) {
	const { context, done } = await launch();
	try {
		const page = await context.newPage();
		await page.goto(pathToFileURL(resolve(svgPath)).href);
		for (const font of [null, "DejaVu Sans"]) {
			const lines = await page.evaluate((font) => {
				const svg = document.documentElement;
				const width = parseFloat(svg.getAttribute("width"));
				return [...document.querySelectorAll("text[id^=subtitle]")]
				    .map((t) => {
					if (font)
						t.style.fontFamily = font;
					const b = t.getBBox();
					return { id: t.id, left: b.x, right: b.x + b.width,
					         width, fill: getComputedStyle(t).fill };
				});
			}, font);
			const name = font ? ` in ${font}` : "";
			const out = lines.filter((l) => l.left < 0 || l.right > l.width);
			report(`${lines.length} subtitle lines inside the picture${name}`,
			       lines.length > 1 && out.length === 0,
			       out.map((l) => `#${l.id} ${l.left.toFixed(0)}..` +
			           `${l.right.toFixed(0)} of ${l.width}`).join(", ") ||
			       `${lines.length} line(s)`);
			const off = lines.filter((l) => !near((l.left + l.right) / 2,
			    l.width / 2, 1));
			report(`subtitle lines centred${name}`, off.length === 0,
			       off.map((l) => `#${l.id} ${l.left.toFixed(0)}..` +
			           `${l.right.toFixed(0)}`).join(", "));
			const fills = new Set(lines.map((l) => l.fill));
			report(`subtitle lines of one colour${name}`, fills.size === 1,
			       [...fills].join(", "));
		}
	} finally {
		await done();
	}
}

async function main() {
	if (mode === "check")
		await check(args[0], args[1]);
	else if (mode === "view")
		await view(args[0], args[1], args[2]);
	else if (mode === "time")
		await time(args[0], args[1]);
	else if (mode === "subtitle")
		await subtitle(args[0]);
	else
		throw new Error("usage: flamesvg.mjs check FOLDED SVG | " +
		    "view FOLDED SVG ICICLE_SVG | time SVG PATTERN | subtitle SVG");
}

finish(main(), `${mode} ran`);
