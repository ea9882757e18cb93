// lib.mjs - what the browser tests share: their report lines and a
// headless Chromium (Debian's, or $CHROMIUM) driven by playwright-core.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export let failures = 0;

// "ok NAME" or "not ok NAME: why", the lines lib.sh's report_node reads.
export function report(name, ok, why) {
	if (ok) {
		console.log(`ok ${name}`);
	} else {
		failures++;
		console.log(`not ok ${name}: ${why}`);
	}
}

// A browser context of its own profile, with playwright's options (a
// viewport, acceptDownloads, javaScriptEnabled); done() closes it and
// removes the profile.
export async function launch(options = {}) {
	const profile = mkdtempSync(join(tmpdir(), "perfviews-chromium-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		headless: true,
		args: ["--headless", "--no-sandbox", "--disable-gpu",
		       "--disable-quic", "--no-first-run",
		       "--disable-background-networking",
		       "--disable-component-update", "--disable-sync"],
		...options,
	});
	return { context, done: async () => {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	} };
}

// End the script: its exit status says whether anything failed; an
// exception is one failure, named.
export function finish(promise, what) {
	promise.then(() => {
		process.exitCode = failures > 0 ? 1 : 0;
	}, (e) => {
		const why = e instanceof Error ? e.message : String(e);
		console.log(`not ok ${what}: ${why.split("\n")[0]}`);
		process.exitCode = 1;
	});
}
