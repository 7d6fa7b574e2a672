/**
 * Where a buyer checks a grading report on the lab's own site (domain-facts §3 "Lab links"). Shared
 * by the detail page, the spreadsheet export and the grading summary, so every link agrees.
 */
const REPORT_CHECK: Record<string, (number: string) => string> = {
  GIA: (n) => `https://www.gia.edu/report-check?reportno=${n}`,
  // A Diamond Origin Report is a GIA report and is checked at the same place.
  'GIA DOR': (n) => `https://www.gia.edu/report-check?reportno=${n}`,
  IGI: (n) => `https://www.igi.org/verify-your-report/?r=${n}`,
  HRD: (n) => `https://my.hrdantwerp.com/?id=34&record_number=${n}`,
};

/** The lab's report-check address for a certificate, or null for labs without a public check. */
export function labReportUrl(lab: string | null | undefined, certificateNumber: string | null | undefined) {
  const number = certificateNumber?.trim();
  if (!lab || !number) return null;
  const check = REPORT_CHECK[lab.toUpperCase()];
  return check ? check(encodeURIComponent(number)) : null;
}
