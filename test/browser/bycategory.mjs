// bycategory.mjs - drive bycategory's SVG charts in headless Chromium.
//
//   node bycategory.mjs SVG...
//
// For each chart: it loads without console errors; hovering every segment
// shows its title, with the segment's share, in the details line, and
// leaving it restores the line; the segments of each bar fill the bar;
// the legend has every category once, in the segments' colour.  Across
// the charts a category always has the same colour.  Prints "ok NAME" and
// "not ok NAME: why" lines for t-bycategory-browser.sh.
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { finish, launch, report } from "./lib.mjs";

async function main() {
	const colours = new Map(); // category -> fill, across every chart
	const { context, done } = await launch();
	try {
		for (const svg of process.argv.slice(2)) {
			const name = basename(svg);
			const page = await context.newPage();
			const errors = [];
			page.on("console", (m) => {
				if (m.type() === "error")
					errors.push(m.text());
			});
			page.on("pageerror", (e) => errors.push(String(e)));
			await page.goto(pathToFileURL(resolve(svg)).href);

			const chart = await page.evaluate(() => {
				const bars = [];
				for (const bar of document.querySelectorAll("g.bar")) {
					const segs = [];
					for (const g of bar.querySelectorAll("g.seg")) {
						const r = g.querySelector("rect").getBoundingClientRect();
						segs.push({
							category: g.dataset.category,
							share: g.dataset.share,
							title: g.querySelector("title").textContent,
							fill: getComputedStyle(g.querySelector("rect")).fill,
							x: r.left, y: r.top, width: r.width, height: r.height,
						});
					}
					bars.push({ label: bar.dataset.label, segs });
				}
				const keys = [...document.querySelectorAll("g.key")].map((k) => ({
					category: k.dataset.category,
					fill: getComputedStyle(k.querySelector("rect")).fill,
				}));
				const svg = document.documentElement.getBoundingClientRect();
				return { bars, keys, width: svg.width, left: svg.left,
					 idle: document.getElementById("details").textContent };
			});

			let hovered = 0, shown = 0, restored = 0;
			for (const bar of chart.bars) {
				for (const s of bar.segs) {
					if (s.width < 1)
						continue; // too thin to point at
					hovered++;
					await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
					const details = await page.evaluate(
					    () => document.getElementById("details").textContent);
					if (details === s.title &&
					    details.includes(`${s.category} ${s.share}%`) &&
					    details.startsWith(bar.label + ":"))
						shown++;
					await page.mouse.move(2, 2);
					const after = await page.evaluate(
					    () => document.getElementById("details").textContent);
					if (after === chart.idle)
						restored++;
				}
			}
			report(`${name}: hover shows each segment's share`,
			       hovered > 0 && shown === hovered,
			       `${shown} of ${hovered} segments`);
			report(`${name}: leaving a segment restores the details line`,
			       restored === hovered, `${restored} of ${hovered}`);

			// Each segment starts where the previous one ends; the last ends at
			// the right margin (10 of the chart's 1200 units).
			let tiled = true, why = "";
			const end = chart.left + chart.width * 1190 / 1200;
			for (const bar of chart.bars) {
				let x = bar.segs[0].x;
				for (const s of bar.segs) {
					if (Math.abs(s.x - x) > 0.5)
						tiled = false;
					x = s.x + s.width;
				}
				const share = bar.segs.reduce((a, s) => a + Number(s.share), 0);
				if (Math.abs(x - end) > 0.5 ||
				    Math.abs(share - 100) > 0.005 * bar.segs.length)
					tiled = false;
				if (!tiled && !why)
					why = `${bar.label}: ends at ${x.toFixed(1)} of ${end}, shares ${share.toFixed(2)}`;
			}
			report(`${name}: segments fill each bar`, tiled, why);

			const cats = new Set(chart.bars.flatMap((b) => b.segs.map((s) => s.category)));
			const keyCats = chart.keys.map((k) => k.category);
			const sameColour = chart.bars.every((b) => b.segs.every((s) =>
			    chart.keys.find((k) => k.category === s.category)?.fill === s.fill));
			report(`${name}: legend has every category once, in its colour`,
			       new Set(keyCats).size === keyCats.length &&
			       [...cats].every((c) => keyCats.includes(c)) &&
			       keyCats.includes("unknown") && sameColour,
			       `legend ${keyCats.join(" ")}`);
			let consistent = true;
			for (const k of chart.keys) {
				if (colours.has(k.category) && colours.get(k.category) !== k.fill)
					consistent = false;
				colours.set(k.category, k.fill);
			}
			report(`${name}: colours agree with the other charts`, consistent,
			       "a category changed colour");
			report(`${name}: no console errors`, errors.length === 0,
			       errors.join("; "));
			await page.close();
		}
	} finally {
		await done();
	}
}

finish(main(), "bycategory charts");
