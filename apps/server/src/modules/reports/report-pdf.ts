import { createRequire } from 'node:module';
import { boundaryAsPolygon, findCropType, LEGENDS, NO_CLEAR_READING_RGB, type FieldBoundary } from '@murimi/core';
import PDFDocument from 'pdfkit';
import type { FarmReportFacts, FieldReportFacts, IndexMap } from './report-facts.ts';
import { RECORDS_PER_SECTION } from './report-facts.ts';

/**
 * A report as an A4 PDF, written with pdfkit (no browser on the server). DejaVu Sans is embedded (subset), so any
 * name prints: Shona's and Chichewa's letters, Portuguese accents, "Mũnda wa Tendai — Chikomo". Black on white
 * throughout, so that it photocopies: the boundary is an outline with a scale bar and north arrow, and every figure
 * is a number with its unit and date rather than a colour.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const A4_WIDTH = 595.28;
const TEXT_WIDTH = A4_WIDTH - 2 * MARGIN;
const SIMULATED_NOTE =
  'Simulated: some numbers here come from simulated satellite images or weather (the demo). They show how the report reads; do not decide on them.';

type Doc = PDFKit.PDFDocument;

const dayText = (day: string | null | undefined) => {
  if (!day) return '—';
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
const number = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: digits });
const simulatedMark = (simulated: boolean) => (simulated ? ' (simulated)' : '');

/** Room a heading needs below it for its first lines; with less, the section starts on the next page. */
const HEADING_ROOM = 80;

function heading(doc: Doc, text: string) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - HEADING_ROOM) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor('black').text(text, { width: TEXT_WIDTH });
  doc.moveDown(0.2).font('regular').fontSize(10);
}

function line(doc: Doc, text: string) {
  doc.font('regular').fontSize(10).text(text, { width: TEXT_WIDTH });
}

function facts(doc: Doc, items: [string, string][]) {
  for (const [label, value] of items) {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true, width: TEXT_WIDTH }).font('regular').text(value);
  }
}

/** A list of records, or a sentence saying there are none; and that only the newest are listed when there are more. */
function records<T>(doc: Doc, items: T[], none: string, describe: (item: T) => string) {
  if (items.length === 0) return line(doc, none);
  for (const item of items)
    doc
      .font('regular')
      .fontSize(10)
      .text(`• ${describe(item)}`, { width: TEXT_WIDTH, indent: 0 });
  if (items.length >= RECORDS_PER_SECTION) line(doc, `Only the newest ${RECORDS_PER_SECTION} are listed; the app has them all.`);
}

/**
 * The field's outline in a box, north up, with a scale bar: drawn from its boundary in metres around its centre. With
 * an NDVI map, its pixels lie under the outline (placed by the box of their UTM window: across a field the window's
 * slant against the meridians is under a pixel) and its legend beside it.
 */
function boundaryDrawing(doc: Doc, boundary: FieldBoundary, ndviMap: IndexMap | null) {
  const ring = boundaryAsPolygon(boundary).coordinates[0]!;
  const lat0 = ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length;
  const metresPerDegreeLat = 111_320;
  const metresPerDegreeLng = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  const points = ring.map(([lng, lat]) => [lng * metresPerDegreeLng, lat * metresPerDegreeLat] as const);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const box = { width: 220, height: 160 };
  const scale = Math.min(box.width / Math.max(maxX - minX, 1), box.height / Math.max(maxY - minY, 1));
  const left = MARGIN + 10;
  const top = doc.y + 10;
  const at = (lng: number, lat: number) =>
    [left + (lng * metresPerDegreeLng - minX) * scale, top + (maxY - lat * metresPerDegreeLat) * scale] as const;
  if (ndviMap) {
    const [imageLeft, imageTop] = at(ndviMap.placement.west, ndviMap.placement.north);
    const [imageRight, imageBottom] = at(ndviMap.placement.east, ndviMap.placement.south);
    doc.image(ndviMap.png, imageLeft, imageTop, { width: imageRight - imageLeft, height: imageBottom - imageTop });
  }
  doc.save().lineWidth(1.5).strokeColor('black');
  points.forEach(([x, y], i) => {
    const px = left + (x - minX) * scale;
    const py = top + (maxY - y) * scale;
    if (i === 0) doc.moveTo(px, py);
    else doc.lineTo(px, py);
  });
  doc.closePath().stroke();
  // North arrow.
  const arrowX = left + box.width + 30;
  doc
    .moveTo(arrowX, top + 30)
    .lineTo(arrowX - 6, top + 42)
    .lineTo(arrowX + 6, top + 42)
    .closePath()
    .fill('black');
  doc
    .font('bold')
    .fontSize(10)
    .text('N', arrowX - 4, top + 14, { lineBreak: false });
  if (ndviMap) ndviLegend(doc, ndviMap, arrowX + 30, top);
  // Scale bar: a round number of metres about a third of the box.
  const target = box.width / 3 / scale;
  const step = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000].find((m) => m >= target) ?? 10_000;
  const barY = top + box.height + 14;
  doc
    .lineWidth(2)
    .moveTo(left, barY)
    .lineTo(left + step * scale, barY)
    .stroke();
  doc
    .font('regular')
    .fontSize(9)
    .text(step >= 1000 ? `${step / 1000} km` : `${step} m`, left + step * scale + 6, barY - 5, { lineBreak: false });
  doc.restore();
  doc.x = MARGIN;
  doc.y = barY + 16;
}

/**
 * The NDVI map's legend: a swatch for each stop of the app's ramp with its value, high at the top, and the grey of
 * cloud and shadow. Viridis rises steadily in lightness, so a black-and-white copy still reads dark as low, light as
 * high; the sentence under it says so.
 */
function ndviLegend(doc: Doc, ndviMap: IndexMap, x: number, top: number) {
  const width = A4_WIDTH - MARGIN - x;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(`NDVI on ${dayText(ndviMap.date)}${simulatedMark(ndviMap.simulated)}`, x, top, { width });
  let y = doc.y + 4;
  const stops = [...LEGENDS.ndvi.stops].reverse();
  const swatches: [[number, number, number], string][] = [
    ...stops.map((stop, i): [[number, number, number], string] => [
      stop.rgb,
      i === 0
        ? `${stop.value.toFixed(1)} and above, dense green crop`
        : i === stops.length - 1
          ? `${stop.value.toFixed(1)} and below, bare soil`
          : stop.value.toFixed(1),
    ]),
    [NO_CLEAR_READING_RGB, 'cloud or shadow: no reading'],
  ];
  for (const [rgb, label] of swatches) {
    doc.rect(x, y, 12, 10).fillAndStroke(rgb, 'black');
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('black')
      .text(label, x + 18, y + 1, { width: width - 18, lineBreak: false });
    y += 14;
  }
  doc.text('Dark is low, light is high, also on a black-and-white copy. 10 m pixels from Sentinel-2.', x, y + 2, { width });
}

/**
 * The season's mean NDVI of each clear image, as a black line with a dot per image, between the dashed lines of the
 * analysis's thresholds (labelled in words, so the chart reads in black and white); the dates at the ends of the axis.
 */
function ndviChart(doc: Doc, season: NonNullable<FieldReportFacts['ndviSeason']>) {
  const clear = season.images.filter((image): image is typeof image & { ndvi: number } => image.usable && image.ndvi !== null);
  if (clear.length < 2) {
    line(doc, `Only ${clear.length} clear image${clear.length === 1 ? '' : 's'} this season so far: the chart starts with the second.`);
    return;
  }
  // Chart, dates and caption stay on one page.
  if (doc.y + 180 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const box = { left: MARGIN + 30, top: doc.y + 8, width: 330, height: 120 };
  const first = Date.parse(clear[0]!.date);
  const span = Math.max(Date.parse(clear.at(-1)!.date) - first, 1);
  const x = (date: string) => box.left + ((Date.parse(date) - first) / span) * box.width;
  const y = (ndvi: number) => box.top + box.height * (1 - Math.min(1, Math.max(0, ndvi)));
  doc.save().lineWidth(0.8).strokeColor('black');
  doc
    .moveTo(box.left, box.top)
    .lineTo(box.left, box.top + box.height)
    .lineTo(box.left + box.width, box.top + box.height)
    .stroke();
  doc.font('regular').fontSize(8).fillColor('black');
  for (const tick of [0, 0.5, 1]) doc.text(tick.toFixed(1), MARGIN, y(tick) - 4, { width: 24, align: 'right', lineBreak: false });
  for (const [value, label] of [
    [season.healthyFrom, `healthy from ${season.healthyFrom.toFixed(2)}`],
    [season.bareBelow, `bare or stressed below ${season.bareBelow.toFixed(2)}`],
  ] as const) {
    doc
      .dash(3, { space: 3 })
      .moveTo(box.left, y(value))
      .lineTo(box.left + box.width, y(value))
      .stroke()
      .undash();
    doc.text(label, box.left + box.width + 6, y(value) - 4, { lineBreak: false });
  }
  doc.lineWidth(1.5);
  clear.forEach((image, i) => (i === 0 ? doc.moveTo(x(image.date), y(image.ndvi)) : doc.lineTo(x(image.date), y(image.ndvi))));
  doc.stroke();
  for (const image of clear) doc.circle(x(image.date), y(image.ndvi), 2.2).fill('black');
  doc.text(dayText(clear[0]!.date), box.left, box.top + box.height + 4, { lineBreak: false });
  doc.text(dayText(clear.at(-1)!.date), box.left + box.width - 60, box.top + box.height + 4, {
    width: 60,
    align: 'right',
    lineBreak: false,
  });
  doc.restore();
  doc.x = MARGIN;
  doc.y = box.top + box.height + 18;
  line(
    doc,
    `Mean NDVI of each clear Sentinel-2 image this season: ${clear.length} of ${season.images.length} images were clear enough to read (the others cloudy or shadowed).`,
  );
}

function fieldSection(doc: Doc, facts_: FieldReportFacts) {
  const { field } = facts_;
  const crop = field.cropType ? (findCropType(field.cropType)?.name ?? field.cropType) : 'not set';
  doc.font('bold').fontSize(18).fillColor('black').text(`Field report: ${field.name}`, { width: TEXT_WIDTH });
  doc
    .font('regular')
    .fontSize(11)
    .text(`${facts_.farmName} · season ${dayText(facts_.season.from)} to ${dayText(facts_.season.to)}`);
  if (facts_.simulated) {
    doc.moveDown(0.5);
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .text(SIMULATED_NOTE, MARGIN + 8, y + 6, { width: TEXT_WIDTH - 16 });
    doc
      .rect(MARGIN, y, TEXT_WIDTH, doc.y - y + 6)
      .lineWidth(1.5)
      .stroke('black');
    doc.x = MARGIN;
    doc.y += 10;
  }

  heading(doc, 'The field');
  const [lng, lat] = field.centroid;
  facts(doc, [
    ['Crop', `${crop}${field.variety ? `, ${field.variety}` : ''}`],
    ['Planted', dayText(field.plantingDate)],
    ['Expected harvest', dayText(field.expectedHarvestDate)],
    ['Area', `${field.size_hectares.toFixed(2)} ha, measured from the boundary drawn in Murimi`],
    ['Location', `${lat.toFixed(5)}, ${lng.toFixed(5)} (latitude, longitude of the field's centre)`],
    ['Soil', field.soilTexture?.replace(/-/g, ' ') ?? 'not recorded'],
    ['Water', field.irrigated ? 'irrigated' : 'rain-fed'],
  ]);
  const ndviMap = facts_.ndviMap && 'png' in facts_.ndviMap ? facts_.ndviMap : null;
  boundaryDrawing(doc, field.boundary as FieldBoundary, ndviMap);
  if (facts_.ndviMap && 'unreadable' in facts_.ndviMap)
    line(doc, `The NDVI map of the latest clear image could not be drawn: ${facts_.ndviMap.unreadable}`);

  heading(doc, 'Crop health from satellite images');
  const health = facts_.health;
  if (!health || health.ndvi === null) {
    line(
      doc,
      'No clear satellite image of this field yet, so there is no crop health reading. One appears after a clear Sentinel-2 image is read (every 5–10 days when clouds allow).',
    );
  } else {
    line(
      doc,
      `Mean NDVI ${health.ndvi.toFixed(2)} (unitless, 0 bare soil to about 0.9 dense green crop) on ${dayText(health.date)}, from Sentinel-2 at 10 m${simulatedMark(health.simulated)}. Status: ${health.status.replace(/-/g, ' ')}.`,
    );
    if (facts_.ndviSeason) ndviChart(doc, facts_.ndviSeason);
  }

  heading(doc, 'Latest advice');
  records(
    doc,
    facts_.analyses,
    'No analysis has completed for this field yet.',
    (view) =>
      `${view.type[0]!.toUpperCase()}${view.type.slice(1)}, ${dayText(view.analysis_date)}${simulatedMark(view.simulated)}: ${view.summary ?? ''}`,
  );

  heading(doc, 'Soil tests');
  records(
    doc,
    facts_.soilTests,
    'No soil test recorded.',
    (test) =>
      `${dayText(test.sampleDate)}: pH ${number(test.ph, 1)}; N ${number(test.nitrogen)}, P ${number(test.phosphorus)}, K ${number(test.potassium)} ${test.unit}` +
      `${test.organicMatter !== null ? `; organic matter ${number(test.organicMatter)} %` : ''}${test.lab ? ` (${test.lab})` : ''}`,
  );

  heading(doc, 'Fertilizer applied this season');
  records(
    doc,
    facts_.applications,
    'No fertilizer application recorded this season.',
    (record) =>
      `${dayText(record.applicationDate)}: ${record.product}, ${number(record.rateKgPerHa, 0)} kg/ha, giving N ${number(record.nitrogenKgPerHa)} kg/ha, ` +
      `P₂O₅ ${number(record.phosphateKgPerHa)} kg/ha, K₂O ${number(record.potashKgPerHa)} kg/ha`,
  );

  heading(doc, 'Water this season');
  const irrigated = facts_.irrigation.reduce((sum, record) => sum + (record.depthMm ?? 0), 0);
  const rained = facts_.rain.reduce((sum, record) => sum + record.rainMm, 0);
  line(
    doc,
    `Irrigation logged: ${number(irrigated, 0)} mm in ${facts_.irrigation.length} applications. Rain logged: ${number(rained, 0)} mm on ${facts_.rain.length} days.`,
  );
  records(
    doc,
    facts_.irrigation,
    'No irrigation logged this season.',
    (record) => `${dayText(record.irrigationDate)}: ${number(record.depthMm, 0)} mm irrigated`,
  );
  records(
    doc,
    facts_.rain,
    'No rain logged this season.',
    (record) => `${dayText(record.readingDate)}: ${number(record.rainMm, 0)} mm of rain`,
  );

  heading(doc, 'Alerts this season');
  records(
    doc,
    facts_.alerts,
    'No alerts this season.',
    (alert) => `${dayText(alert.date)}, ${alert.severity}: ${alert.title}${simulatedMark(alert.simulated)}`,
  );

  heading(doc, 'Harvests and yield');
  records(doc, facts_.harvests, 'No harvest weighed yet.', (harvest) => {
    const estimate = harvest.estimate
      ? `; Murimi's estimate was ${number(harvest.estimate.lowTPerHa)}–${number(harvest.estimate.highTPerHa)} t/ha (expected ${number(harvest.estimate.expectedTPerHa)} t/ha, ${dayText(harvest.estimate.analysisDate)})${simulatedMark(harvest.estimate.simulated)}`
      : '';
    return `${dayText(harvest.harvestDate)}: ${number(harvest.harvestedTPerHa, 2)} t/ha weighed${harvest.moisturePct !== null ? ` at ${number(harvest.moisturePct)} % moisture` : ''}${estimate}`;
  });
}

function farmSummary(doc: Doc, farm: FarmReportFacts) {
  doc.font('bold').fontSize(18).text(`Farm report: ${farm.farmName}`, { width: TEXT_WIDTH });
  const hectares = farm.fields.reduce((sum, f) => sum + f.field.size_hectares, 0);
  heading(doc, 'Summary');
  facts(doc, [
    ['Fields', String(farm.fields.length)],
    ['Area', `${hectares.toFixed(2)} ha`],
  ]);
  if (farm.fields.some((f) => f.simulated)) line(doc, SIMULATED_NOTE);
  heading(doc, 'Each field');
  records(doc, farm.fields, 'This farm has no fields yet.', (f) => {
    const crop = f.field.cropType ? (findCropType(f.field.cropType)?.name ?? f.field.cropType) : 'no crop set';
    const ndvi =
      f.health?.ndvi !== null && f.health?.ndvi !== undefined
        ? `NDVI ${number(f.health.ndvi, 2)} on ${dayText(f.health.date)}`
        : 'no clear image yet';
    return `${f.field.name}: ${number(f.field.size_hectares, 2)} ha, ${crop}, ${ndvi}${simulatedMark(f.simulated)}`;
  });
}

/** Writes the PDF into `output`; resolves once the whole file has been handed to it. */
export function writeReportPdf(
  report: { kind: 'field'; facts: FieldReportFacts } | { kind: 'farm'; facts: FarmReportFacts },
  output: NodeJS.WritableStream,
  madeOn: Date,
): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: 'Murimi report', Creator: 'Murimi' } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular');
  const done = new Promise<void>((resolve, reject) => {
    output.on('finish', () => resolve());
    output.on('error', reject);
  });
  doc.pipe(output);
  if (report.kind === 'field') fieldSection(doc, report.facts);
  else {
    farmSummary(doc, report.facts);
    for (const field of report.facts.fields) {
      doc.addPage();
      fieldSection(doc, field);
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const bottom = doc.page.height - 30;
    doc.font('regular').fontSize(8).fillColor('black');
    doc.text(`Made with Murimi on ${dayText(madeOn.toISOString())} · page ${i + 1} of ${range.count}`, MARGIN, bottom, {
      width: TEXT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
