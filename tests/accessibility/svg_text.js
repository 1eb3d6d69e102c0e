// Every SVG <text> of the page as the browser draws it: its size on the screen and the
// contrast of its colour with what is painted beneath it (WCAG 2.x, 1.4.3).
//
// `measureSvgText(label)` returns one entry a text: where it was measured (`label`), its words,
// its size in CSS pixels, whether WCAG counts it as large, its colour, the colour beneath it
// and the ratio of the two. Beneath a text is what the browser hit-tests at points across its
// box (`document.elementsFromPoint`): the shapes drawn before it in the picture and the page's
// boxes that hold it, composited from the first opaque one up, so a hotspot (transparent) or a
// frame (no fill) counts for nothing. The text's worst point counts: a word that runs off a
// pale card onto a dark one is hard to read there.

function rgba(css) {
  if (!css || css === 'none' || css.startsWith('url')) return null;
  const parts = css.match(/[\d.]+/g).map(Number);
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
}

function over(top, bottom) {
  const alpha = top[3] + bottom[3] * (1 - top[3]);
  const mix = i => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / alpha;
  return [mix(0), mix(1), mix(2), alpha];
}

function luminance(colour) {
  const linear = c => (c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2]);
}

function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

// The colour an element paints at a point it was hit at (null: nothing), its own opacity in.
function painted(element) {
  const style = getComputedStyle(element);
  const isShape = element instanceof SVGGeometryElement;
  const colour = rgba(isShape ? style.fill : style.backgroundColor);
  if (colour === null) return null;
  const opacity = +style.opacity * (isShape ? +style.fillOpacity : 1);
  return colour[3] * opacity > 0 ? [colour[0], colour[1], colour[2], colour[3] * opacity] : null;
}

// What lies under `text` at (x, y): the layers painted before it, composited.
function beneath(text, x, y) {
  const layers = [];
  for (const element of document.elementsFromPoint(x, y)) {
    if (element === text || element instanceof SVGTextContentElement) continue;
    const holds = element.contains(text);
    const before = element.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (!holds && !before) continue; // drawn over the text
    const colour = painted(element);
    if (colour === null) continue;
    layers.push(colour);
    if (colour[3] >= 1) break;
  }
  return layers.reverse().reduce((under, layer) => over(layer, under), [255, 255, 255, 1]);
}

function measureSvgText(label) {
  const found = [];
  for (const text of document.querySelectorAll('svg text')) {
    if (!text.textContent.trim()) continue;
    text.scrollIntoView({block: 'center', inline: 'center'});
    const box = text.getBoundingClientRect();
    const style = getComputedStyle(text);
    const size = parseFloat(style.fontSize) * Math.hypot(text.getScreenCTM().a, text.getScreenCTM().b);
    const bold = +style.fontWeight >= 700;
    const ink = rgba(style.fill);
    const y = box.top + box.height / 2;
    const samples = [0.25, 0.5, 0.75].map(f => beneath(text, box.left + box.width * f, y));
    const ratios = samples.map(under => contrast(ink, under));
    const worst = ratios.indexOf(Math.min(...ratios));
    found.push({
      at: label, words: text.textContent, size: +size.toFixed(2), ratio: +ratios[worst].toFixed(2),
      large: size >= 24 || (bold && size >= 18.66), ink: style.fill,
      under: 'rgb(' + samples[worst].slice(0, 3).map(Math.round).join(', ') + ')',
    });
  }
  return found;
}
