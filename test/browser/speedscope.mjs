// speedscope.mjs - a raw file and a folded file opened in speedscope, run
// in headless Chromium from its release folder, as a user opens them.
//
//   node speedscope.mjs INDEX_HTML RAW FOLDED
//
// INDEX_HTML is speedscope's dist/release/index.html; RAW a raw file
// (perf script text, decompressed), FOLDED its folded view.  Each is given
// to the page's file input ("Browse"); what speedscope made of it is read
// back through its own Export (a speedscope JSON file of "evented"
// profiles, each from startValue to endValue) and checked against what the
// files say, read here: for RAW a profile per thread of each run
// (speedscope keys a profile by command, pid and tid: one run's process
// may show as two commands, perf-exec then python, never two runs as one)
// spanning that thread's samples of the first event, first to last, in
// seconds; for FOLDED one profile of every sample, 0 to their count.  Prints "ok NAME" /
// "not ok NAME: why" lines for the shell script (t-viewers.sh).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { finish, launch, report } from "./lib.mjs";

const [indexPath, rawPath, foldedPath] = process.argv.slice(2);

// The raw file's samples: run, tid, time, of the first event seen.
function readRaw(path) {
	const samples = [];
	let run = 0, event = null;
	const head = /^(\S.*?)\s+(?:(\d+)\/)?(\d+)\s+(?:\[\d+\]\s+)?(\d+\.\d+):\s+(?:\d+\s+)?(\S+):/;
	let between = true;
	for (const line of readFileSync(path, "utf8").split("\n")) {
		if (line.startsWith("# perfviews run "))
			run++;
		if (line === "") {
			between = true;
			continue;
		}
		if (!between || line.startsWith("#"))
			continue;
		between = false;
		const m = head.exec(line);
		if (!m)
			continue;
		if (event === null)
			event = m[5];
		if (m[5] !== event)
			continue;
		// The profile's name, as speedscope makes it.
		const name = [m[1], m[2] ? `pid: ${m[2]}` : null, `tid: ${m[3]}`]
		    .filter((w) => w !== null).join(" ");
		samples.push({ run, tid: Number(m[3]), name, time: Number(m[4]) });
	}
	return { samples, runs: run, event };
}

function readFolded(path) {
	let total = 0, stacks = 0;
	for (const line of readFileSync(path, "utf8").split("\n")) {
		if (!line || line.startsWith("#"))
			continue;
		total += Number(line.slice(line.lastIndexOf(" ") + 1));
		stacks++;
	}
	return { total, stacks };
}

// Open a file in speedscope; what it exports, and the console's errors.
async function open(context, file) {
	const page = await context.newPage();
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	await page.goto(pathToFileURL(resolve(indexPath)).href);
	await page.setInputFiles("input#file", resolve(file));
	// The toolbar's Export tab: an emoji, then the word.
	const exportTab = page.getByText(/^\W*Export$/).first();
	await exportTab.waitFor({ timeout: 60000 });
	const [download] = await Promise.all([
		page.waitForEvent("download", { timeout: 60000 }),
		exportTab.click(),
	]);
	const json = JSON.parse(readFileSync(await download.path(), "utf8"));
	const title = await page.title();
	await page.close();
	return { json, errors, title };
}

async function main() {
	const raw = readRaw(rawPath);
	const folded = readFolded(foldedPath);
	const { context, done } = await launch({ acceptDownloads: true });
	try {
		const r = await open(context, rawPath);
		const profiles = r.json.profiles || [];
		const tidOf = (p) => Number((/tid: (\d+)/.exec(p.name) || [])[1]);
		const runTids = new Map(); // tid -> run
		for (const s of raw.samples)
			runTids.set(s.tid, s.run);
		const tids = new Set(profiles.map(tidOf));
		const runsSeen = new Set([...tids].map((t) => runTids.get(t)));
		report(`raw file: a profile per thread of each of its ${raw.runs} runs`,
		    raw.runs > 1 && runsSeen.size === raw.runs &&
		    tids.size === runTids.size &&
		    [...tids].every((t) => runTids.has(t)),
		    `${profiles.length} profiles (${profiles.map((p) => p.name).join(", ")}) ` +
		    `for ${raw.runs} runs of ${runTids.size} threads`);
		// Each profile spans its samples' times (seconds, as perf prints).
		let worst = 0, which = "";
		for (const p of profiles) {
			const mine = raw.samples.filter((s) => s.name === p.name);
			const span = Math.max(...mine.map((s) => s.time)) -
			    Math.min(...mine.map((s) => s.time));
			const got = p.endValue - p.startValue;
			if (Math.abs(got - span) > Math.abs(worst)) {
				worst = got - span;
				which = `${p.name}: ${got} s, its samples span ${span} s`;
			}
		}
		report("raw file: each profile spans its samples' time, first to last",
		    profiles.length > 0 && Math.abs(worst) < 1e-6 &&
		    profiles.every((p) => raw.samples.some((s) => s.name === p.name)),
		    which || "a profile named as no thread of the file");
		report("raw file: no page error", r.errors.length === 0,
		    r.errors.join("; "));

		const f = await open(context, foldedPath);
		const fp = f.json.profiles || [];
		// Stacks of counts: the profile's values run from 0 to the total.
		const weight = fp.length === 1 ? fp[0].endValue - fp[0].startValue : -1;
		report(`folded file: one profile of every sample (${folded.total})`,
		    fp.length === 1 && weight === folded.total && folded.total > 0,
		    `${fp.length} profiles, ${weight} samples`);
		report("folded file: no page error", f.errors.length === 0,
		    f.errors.join("; "));
	} finally {
		await done();
	}
}

finish(main(), "speedscope");
