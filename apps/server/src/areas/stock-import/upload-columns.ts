/**
 * The columns of the supplier upload (docs: shared/spec/stock-upload-format.md): each field with
 * its name and every alternate name. Names match ignoring case, spaces, `#`, `%`, `_` and `.`,
 * so "Stock #", "stock_no" and "STOCKNO" find the same field. A few fields beyond the published
 * list that suppliers commonly send (lower half, star length, origin, inscription, comments,
 * ratio) are read too rather than reported as unknown.
 */

export const UPLOAD_FIELDS = {
  stockNumber: {
    label: 'Stock #',
    names: [
      'Stock #',
      'Stock',
      'Stock Num',
      'StockNo',
      'StockNum',
      'StockNumber',
      'Stock_no',
      'ReferenceNum',
      'ReferenceNumber',
      'VenderStockNumber',
    ],
  },
  shape: { label: 'Shape', names: ['Shape', 'Shp'] },
  weight: {
    label: 'Weight',
    names: ['Weight', 'Size', 'Carat', 'CaratSize', 'CaratWeight', 'Ct', 'CtSize', 'CtWeight', 'Sz'],
  },
  color: { label: 'Color', names: ['Color', 'Colr', 'Colour'] },
  fancyColor: { label: 'Fancy Color', names: ['Fancy Color', 'FancyColor'] },
  fancyIntensity: { label: 'Fancy Color Intensity', names: ['Fancy Color Intensity', 'Intensity'] },
  fancyOvertone: { label: 'Fancy Color Overtone', names: ['Fancy Color Overtone', 'Overtone'] },
  clarity: { label: 'Clarity', names: ['Clarity', 'Clar', 'Clearity', 'Purity'] },
  cut: { label: 'Cut Grade', names: ['Cut Grade', 'Cut', 'CutGrade'] },
  polish: { label: 'Polish', names: ['Polish', 'Finish', 'Pol'] },
  symmetry: { label: 'Symmetry', names: ['Symmetry', 'Sym', 'Symetry'] },
  fluorescence: {
    label: 'Fluorescence Intensity',
    names: ['Fluorescence Intensity', 'Flr', 'FlrIntensity', 'Fluor', 'Fluor Intensity', 'Fluorescence'],
  },
  lab: { label: 'Lab', names: ['Lab', 'Certificate Lab', 'Cert Lab'] },
  certificateNumber: {
    label: 'Certificate #',
    names: [
      'Certificate #',
      'Cert Num',
      'CertID',
      'CertificateID',
      'CertificateNum',
      'CertificateNumber',
      'CertNo',
      'CertNum',
    ],
  },
  measurements: { label: 'Measurements', names: ['Measurements', 'Meas', 'Measurement'] },
  depthPercentage: { label: 'Depth %', names: ['Depth %', 'Depth', 'DepthPct', 'Total Depth'] },
  tablePercentage: { label: 'Table %', names: ['Table %', 'Table', 'TablePct'] },
  pricePerCarat: {
    label: 'Price Per Carat',
    names: ['Price Per Carat', 'Price', 'PPC', 'Asking Price Per Carat'],
  },
  discount: { label: 'Discount %', names: ['Discount %', 'Rap %', 'RapNet Discount %', 'Disc'] },
  availability: { label: 'Availability', names: ['Availability', 'Avail', 'Available', 'Status'] },
  city: { label: 'City', names: ['City'] },
  state: { label: 'State', names: ['State'] },
  country: { label: 'Country', names: ['Country'] },
  location: { label: 'Location', names: ['Location'] },
  girdleThin: { label: 'Girdle Thin', names: ['Girdle Thin'] },
  girdleThick: { label: 'Girdle Thick', names: ['Girdle Thick'] },
  girdlePercentage: { label: 'Girdle %', names: ['Girdle %'] },
  culet: { label: 'Culet Size', names: ['Culet Size', 'Culet'] },
  crownHeight: { label: 'Crown Height', names: ['Crown Height'] },
  crownAngle: { label: 'Crown Angle', names: ['Crown Angle'] },
  pavilionDepth: { label: 'Pavilion Depth', names: ['Pavilion Depth', 'Pavilion Height'] },
  pavilionAngle: { label: 'Pavilion Angle', names: ['Pavilion Angle'] },
  shade: { label: 'Shade', names: ['Shade'] },
  milky: { label: 'Milky', names: ['Milky'] },
  eyeClean: { label: 'Eye Clean', names: ['Eye Clean'] },
  blackInclusion: { label: 'Black Inclusion', names: ['Black Inclusion'] },
  keyToSymbols: { label: 'Key To Symbols', names: ['Key To Symbols'] },
  reportIssueDate: { label: 'Report Issue Date', names: ['Report Issue Date'] },
  pairStockNumber: { label: 'Pair Stock #', names: ['Pair Stock #', 'Pair', 'PairStockNo'] },
  imageUrl: { label: 'Image URL', names: ['Image URL', 'Image'] },
  videoUrl: { label: 'Video URL', names: ['Video URL', 'Video'] },
  certificateUrl: { label: 'Certificate URL', names: ['Certificate URL', 'CertFile'] },
  lowerHalf: { label: 'Lower Half', names: ['Lower Half'] },
  starLength: { label: 'Star Length', names: ['Star Length'] },
  origin: { label: 'Country Of Origin', names: ['Country Of Origin', 'Origin'] },
  inscription: { label: 'Laser Inscription', names: ['Laser Inscription', 'Inscription'] },
  reportComments: { label: 'Report Comments', names: ['Report Comments', 'Comments', 'Cert Comment'] },
  ratio: { label: 'Ratio', names: ['Ratio'] },
} as const satisfies Record<string, { label: string; names: readonly string[] }>;

export type UploadField = keyof typeof UPLOAD_FIELDS;

/** A header as the format compares it: lower case without spaces, `#`, `%`, `_` and `.`. */
export function normalizeHeader(name: string): string {
  return name.toLowerCase().replace(/[\s#%_.]/g, '');
}

const FIELD_BY_NAME = new Map<string, UploadField>();
for (const [field, def] of Object.entries(UPLOAD_FIELDS) as [UploadField, { names: readonly string[] }][]) {
  for (const name of def.names) {
    const key = normalizeHeader(name);
    const taken = FIELD_BY_NAME.get(key);
    if (taken && taken !== field) throw new Error(`"${name}" names both ${taken} and ${field}`);
    FIELD_BY_NAME.set(key, field);
  }
}

export interface ColumnMap {
  /** Field → its column index in the file. */
  columns: Partial<Record<UploadField, number>>;
  /** Headers no field answers to, each named once. */
  unknown: string[];
  /** Problems that make the whole file unusable (a required column missing, a field twice). */
  errors: string[];
}

export function mapColumns(header: readonly string[], hasValues: (column: number) => boolean): ColumnMap {
  const columns: Partial<Record<UploadField, number>> = {};
  const unknown: string[] = [];
  const errors: string[] = [];
  header.forEach((name, index) => {
    if (name === '') {
      // Spreadsheets leave empty columns behind; one that holds values is worth a word.
      if (hasValues(index)) unknown.push(`(column ${index + 1} without a name)`);
      return;
    }
    const field = FIELD_BY_NAME.get(normalizeHeader(name));
    if (!field) {
      if (!unknown.includes(name)) unknown.push(name);
      return;
    }
    const earlier = columns[field];
    if (earlier !== undefined) {
      errors.push(
        `The columns "${header[earlier]}" and "${name}" both give ${UPLOAD_FIELDS[field].label}; keep one.`,
      );
      return;
    }
    columns[field] = index;
  });
  for (const field of ['stockNumber', 'shape', 'weight'] as const) {
    if (columns[field] === undefined) {
      errors.push(`The file has no ${UPLOAD_FIELDS[field].label} column (it is required).`);
    }
  }
  if (columns.pricePerCarat === undefined && columns.discount === undefined) {
    errors.push('The file needs a Price Per Carat or a Discount % column.');
  }
  return { columns, unknown, errors };
}
