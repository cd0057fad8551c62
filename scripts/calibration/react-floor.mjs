/* global document -- runs in the page */
// The calibration page of the Lighthouse benchmark (scripts/bench-lighthouse.mjs --calibrate):
// React and react-dom alone, rendering a heading and a list of 40 rows once. No app can start
// with less script than this on this stack, so its figures are the floor of the machine that
// measures: what its CPU costs any React page under Lighthouse's 4x throttle.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

function Floor() {
  const rows = [];
  for (let i = 0; i < 40; i += 1) rows.push(h('li', { key: i }, `Row ${i}`));
  return h('main', null, h('h1', null, 'React floor'), h('ul', null, rows));
}

createRoot(document.getElementById('root')).render(h(Floor));
