/*
 * flamesvg's script: hover, zoom, search, and bars that stay in view.
 *
 * It reads everything from the document: layout settings from the data-
 * attributes of <g id="frames">, each frame's name and count from its
 * <title>, its position from its <rect>.  It is written for graphs of
 * 100,000 frames and more: one listener per event for all frames (no
 * per-frame handlers), per-frame data in typed arrays built on first use,
 * and a zoom that changes one transform on the frames group (a clip hides
 * the frames that fall outside) and draws labels only for the frames wide
 * enough to show one.  Frames come in pre-order, so a subtree is the run of
 * deeper frames that follows its root.
 *
 * A graph is often taller than the window.  It opens scrolled to the root
 * (the bottom of a flame graph, the top of an icicle graph), and the
 * controls bar (<g id="controls">) and the details line (<g id="status">)
 * are moved with the view as it scrolls, over a band of background.
 *
 * Zoom and search are kept in the URL fragment (#x=..&y=..&s=..&i=1); the
 * query form of flamegraph.pl links (?x=..&y=..&s=..) is read too.
 */
"use strict";
(function () {
	var SVGNS = "http://www.w3.org/2000/svg";
	var frames = document.getElementById("frames");
	var svg = frames.ownerSVGElement;
	var controlsBar = document.getElementById("controls");
	var statusBar = document.getElementById("status");
	var details = document.getElementById("details");
	var matchedText = document.getElementById("matched");
	var unzoomButton = document.getElementById("unzoom");
	var searchButton = document.getElementById("search");
	var caseButton = document.getElementById("ignorecase");
	var labels = document.getElementById("labels");
	function setting(name) {
		return frames.getAttribute("data-" + name);
	}
	var xpad = +setting("xpad");
	var fullWidth = +setting("width") - 2 * xpad;
	var unit = +setting("unit");
	var total = +setting("total");
	var y0 = +setting("y0"), dy = +setting("dy");
	var frameHeight = +setting("fh");
	var charWidth = +setting("charw");
	var nametype = setting("nametype");
	var countSep = " " + setting("countname") + ", ";

	var F = null;        /* per-frame data, read from the DOM on first use */
	var zoomed = -1;     /* index of the zoomed frame, -1 when none */
	var pattern = "", ignoreCase = false, matched = [];
	var clearQuery = false;

	/* Frames are in pre-order, so a subtree is a run of deeper frames. */
	function prepare() {
		if (F)
			return F;
		var gs = frames.children, n = gs.length, path = [];
		F = {
			n: n, g: new Array(n), rect: new Array(n),
			name: new Array(n), label: new Array(n), x: new Float64Array(n),
			count: new Float64Array(n), depth: new Int32Array(n),
			parent: new Int32Array(n), isMatch: new Uint8Array(n)
		};
		for (var i = 0; i < n; i++) {
			var g = gs[i], title = g.firstElementChild;
			var rect = title.nextElementSibling;
			var t = title.textContent, k = t.lastIndexOf(countSep);
			var open = k < 0 ? -1 : t.lastIndexOf(" (", k);
			g.fgIndex = i;
			F.g[i] = g;
			F.label[i] = g.getAttribute("data-label");
			F.rect[i] = rect;
			F.x[i] = parseFloat(rect.getAttribute("x"));
			if (open < 0) {
				F.name[i] = t;
				F.count[i] = parseFloat(rect.getAttribute("width")) / unit;
			} else {
				F.name[i] = t.slice(0, open);
				F.count[i] = parseFloat(t.slice(open + 2, k).replace(/,/g, ""));
			}
			var d = Math.round((parseFloat(rect.getAttribute("y")) - y0) / dy);
			F.depth[i] = d;
			while (path.length && F.depth[path[path.length - 1]] >= d)
				path.pop();
			F.parent[i] = path.length ? path[path.length - 1] : -1;
			path.push(i);
		}
		return F;
	}

	function subtreeEnd(i) {
		var j = i + 1;
		while (j < F.n && F.depth[j] > F.depth[i])
			j++;
		return j;
	}

	/*
	 * The root's label is its title, "all (1,234 samples, 100%)"; a
	 * Python frame's its short name (data-label), the rest their name.
	 */
	function labelFor(i, width) {
		var chars = Math.floor(width / charWidth);
		var name = F.label[i] !== null ? F.label[i] : F.name[i];
		if (F.depth[i] === 0)
			name = F.g[i].firstElementChild.textContent;
		if (chars < 3)
			return "";
		if (name.length <= chars)
			return name;
		var cut = chars - 2, c = name.charCodeAt(cut - 1);
		if (c >= 0xd800 && c < 0xdc00)
			cut--;
		return name.slice(0, cut) + "..";
	}

	/* A label drawn over the zoomed graph, whose own labels are hidden. */
	function addLabel(layer, i, x, width) {
		var label = labelFor(i, width);
		if (!label)
			return;
		var rect = F.rect[i], text = document.createElementNS(SVGNS, "text");
		text.setAttribute("x", (x + 3).toFixed(2));
		text.setAttribute("y", parseFloat(rect.getAttribute("y")) +
		    (frameHeight - 1) / 2 + 3);
		text.textContent = label;
		layer.appendChild(text);
	}

	function unzoomQuietly() {
		if (zoomed < 0)
			return;
		frames.removeAttribute("transform");
		frames.classList.remove("zoomed");
		labels.textContent = "";
		for (var p = F.parent[zoomed]; p >= 0; p = F.parent[p])
			F.g[p].classList.remove("a");
		zoomed = -1;
		unzoomButton.classList.add("hide");
	}

	/*
	 * Zooming scales the whole frames group in one transform; the clip
	 * around it hides what falls outside, which is every frame that is
	 * neither the zoomed frame's ancestor nor its descendant.  Only labels
	 * are drawn anew, for the frames wide enough to hold one.
	 */
	function zoom(i) {
		unzoomQuietly();
		if (F.depth[i] > 0) {
			var scale = fullWidth / (F.count[i] * unit), x0 = F.x[i];
			var layer = document.createDocumentFragment();
			frames.setAttribute("transform", "translate(" +
			    (xpad - x0 * scale) + ",0) scale(" + scale + ",1)");
			frames.classList.add("zoomed");
			for (var p = F.parent[i]; p >= 0; p = F.parent[p]) {
				F.g[p].classList.add("a");
				addLabel(layer, p, xpad, fullWidth);
			}
			var end = subtreeEnd(i), minCount = 3 * charWidth / (unit * scale);
			for (var k = i; k < end; k++) {
				if (F.count[k] >= minCount)
					addLabel(layer, k, xpad + (F.x[k] - x0) * scale,
					    F.count[k] * unit * scale);
			}
			labels.appendChild(layer);
			zoomed = i;
			unzoomButton.classList.remove("hide");
		}
		showMatched();
		writeUrl();
	}

	function resetZoom() {
		unzoomQuietly();
		showMatched();
		writeUrl();
	}

	function search(term) {
		prepare();
		for (var j = 0; j < matched.length; j++) {
			F.g[matched[j]].classList.remove("m");
			F.isMatch[matched[j]] = 0;
		}
		matched = [];
		pattern = term || "";
		var re = null;
		if (pattern) {
			try {
				re = new RegExp(pattern, ignoreCase ? "i" : "");
			} catch (e) {
				pattern = "";
				matchedText.textContent = "Bad pattern";
			}
		}
		for (var i = 0; re && i < F.n; i++) {
			if (F.depth[i] > 0 && re.test(F.name[i])) {
				F.isMatch[i] = 1;
				matched.push(i);
				F.g[i].classList.add("m");
			}
		}
		searchButton.classList.toggle("show", pattern !== "");
		searchButton.textContent = pattern ? "Reset Search" : "Search";
		if (re || !pattern)
			showMatched();
		writeUrl();
	}

	/* Of the samples in view, the share in frames that match. */
	function showMatched() {
		if (!pattern) {
			if (matchedText.textContent !== "Bad pattern")
				matchedText.textContent = " ";
			return;
		}
		var lo = 0, hi = F.n, whole = total, sum = 0;
		if (zoomed >= 0) {
			lo = zoomed;
			hi = subtreeEnd(zoomed);
			whole = F.count[zoomed];
			for (var p = F.parent[zoomed]; p >= 0; p = F.parent[p])
				if (F.isMatch[p])
					lo = hi, sum = whole;
		}
		for (var k = lo; k < hi;) {
			if (F.isMatch[k]) {
				sum += F.count[k];
				k = subtreeEnd(k);
			} else {
				k++;
			}
		}
		var pct = whole > 0 ? 100 * sum / whole : 0;
		matchedText.textContent = "Matched: " +
		    (pct >= 100 ? "100" : pct.toFixed(1)) + "%";
	}

	function promptSearch() {
		var term = prompt("Search for (regular expression):", pattern);
		if (term !== null)
			search(term);
	}

	function toggleCase() {
		ignoreCase = !ignoreCase;
		caseButton.classList.toggle("show", ignoreCase);
		if (pattern)
			search(pattern);
		else
			writeUrl();
	}

	function readUrl() {
		var params = {}, query = location.search.slice(1).split("&");
		var parts = query.concat(location.hash.slice(1).split("&"));
		for (var j = 0; j < parts.length; j++) {
			var eq = parts[j].indexOf("=");
			if (eq <= 0)
				continue;
			try {
				params[parts[j].slice(0, eq)] =
				    decodeURIComponent(parts[j].slice(eq + 1));
			} catch (e) {
			}
			if (j < query.length && /^[xysi]$/.test(parts[j].slice(0, eq)))
				clearQuery = true;
		}
		return params;
	}

	function writeUrl() {
		var parts = [];
		if (zoomed >= 0)
			parts.push("x=" + encodeURIComponent(F.rect[zoomed].getAttribute("x")),
			    "y=" + encodeURIComponent(F.rect[zoomed].getAttribute("y")));
		if (pattern)
			parts.push("s=" + encodeURIComponent(pattern));
		if (ignoreCase)
			parts.push("i=1");
		var base = location.href.split("#")[0];
		if (clearQuery)
			base = base.split("?")[0];
		var url = parts.length ? base + "#" + parts.join("&") : base;
		if (url === location.href)
			return;
		try {
			history.replaceState(null, "", url);
		} catch (e) {
			location.hash = parts.join("&");
		}
	}

	function frameOf(node) {
		for (var depth = 0; node && depth < 3; depth++) {
			if (node.parentNode === frames)
				return node;
			node = node.parentNode;
		}
		return null;
	}

	frames.addEventListener("mouseover", function (e) {
		var g = frameOf(e.target);
		if (g)
			details.textContent = nametype + " " +
			    g.firstElementChild.textContent;
	});
	frames.addEventListener("mouseout", function (e) {
		if (frameOf(e.target))
			details.textContent = " ";
	});
	document.addEventListener("click", function (e) {
		var g = frameOf(e.target);
		if (g) {
			prepare();
			if (g.fgIndex !== zoomed)
				zoom(g.fgIndex);
		} else if (e.target === unzoomButton) {
			resetZoom();
		} else if (e.target === searchButton) {
			if (pattern)
				search("");
			else
				promptSearch();
		} else if (e.target === caseButton) {
			toggleCase();
		}
	});
	document.addEventListener("keydown", function (e) {
		var ctrl = e.ctrlKey || e.metaKey;
		if (e.key === "F3" || (ctrl && (e.key === "f" || e.key === "F"))) {
			e.preventDefault();
			promptSearch();
		} else if (ctrl && (e.key === "i" || e.key === "I")) {
			e.preventDefault();
			toggleCase();
		} else if (e.key === "Escape") {
			if (pattern)
				search("");
			else
				resetZoom();
		}
	});

	/* The height of the window, less a horizontal scroll bar. */
	function viewHeight() {
		return document.documentElement.clientHeight || window.innerHeight;
	}

	/*
	 * Keep the bars in view: the controls at the top of the window, the
	 * details line at its bottom, each over its band while moved.  The
	 * view is measured in the SVG's units, which may be scaled.
	 */
	function visibleRange() {
		var box = svg.getBoundingClientRect();
		var height = svg.viewBox.baseVal.height || box.height;
		var scale = box.height / height;
		if (!(scale > 0))
			return null;
		return {
			top: Math.min(Math.max(-box.top / scale, 0), height),
			bottom: Math.min(Math.max((viewHeight() - box.top) / scale,
			    0), height),
			height: height
		};
	}

	function moveBar(bar, dy) {
		if (Math.abs(dy) < 0.5) {
			bar.removeAttribute("transform");
			bar.classList.remove("float");
		} else {
			bar.setAttribute("transform", "translate(0," +
			    dy.toFixed(1) + ")");
			bar.classList.add("float");
		}
	}

	function placeBars() {
		var view = visibleRange();
		if (!view)
			return;
		moveBar(controlsBar, view.top);
		moveBar(statusBar, view.bottom - view.height);
	}

	/*
	 * Open where the widest frames are: scrolled down to the root of a
	 * flame graph (an icicle graph's root is at the top already).  When
	 * the URL zooms to a frame out of view, it is brought in, clear of
	 * the bars, with the frames above it (below it in an icicle graph).
	 */
	function reveal() {
		var view = viewHeight(), margin = 3 * frameHeight;
		var box = svg.getBoundingClientRect();
		if (dy < 0 && box.bottom > view)
			window.scrollBy(0, box.bottom - view);
		if (zoomed < 0)
			return;
		box = F.rect[zoomed].getBoundingClientRect();
		if (box.top < margin || box.bottom > view - margin)
			window.scrollBy(0, dy < 0 ? box.bottom - (view - margin) :
			    box.top - margin);
	}

	// The controls the SVG hides: shown only where this script runs.
	searchButton.classList.remove("hide");
	caseButton.classList.remove("hide");
	var state = readUrl();
	if (state.i === "1") {
		ignoreCase = true;
		caseButton.classList.add("show");
	}
	if ((state.x !== undefined && state.y !== undefined) || state.s) {
		prepare();
		for (var i = 0; state.x !== undefined && i < F.n; i++) {
			if (F.rect[i].getAttribute("x") === state.x &&
			    F.rect[i].getAttribute("y") === state.y) {
				zoom(i);
				break;
			}
		}
		if (state.s)
			search(state.s);
	}
	reveal();
	placeBars();
	window.addEventListener("scroll", placeBars, { passive: true });
	window.addEventListener("resize", placeBars);
})();
