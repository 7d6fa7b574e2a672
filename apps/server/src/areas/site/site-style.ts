/**
 * The site's whole stylesheet, inlined in every page (one small block: no request, nothing that
 * blocks the first paint, no web font). The colours, spacing and type sizes are the portal's design
 * tokens (apps/web/src/styles/tokens.css; site.test.ts checks that they stay the same).
 */
export const siteTokens = {
  '--navy-900': '#0b1f3a',
  '--navy-700': '#1d3b63',
  '--navy-100': '#e8edf5',
  '--teal-600': '#0b766d',
  '--teal-100': '#dcf5f1',
  '--gold-500': '#c9a227',
  '--red-600': '#c62828',
  '--red-100': '#fdecec',
  '--text': '#18212f',
  '--text-muted': '#5b6677',
  '--border': '#dde2ea',
  '--surface': '#ffffff',
  '--surface-alt': '#f4f6f9',
  '--focus': '#2563eb',
  '--space-2': '8px',
  '--space-3': '12px',
  '--space-4': '16px',
  '--space-6': '24px',
  '--space-8': '32px',
  '--space-10': '40px',
  '--space-16': '64px',
  '--text-base': '14px',
  '--text-xl': '16px',
  '--text-2xl': '18px',
  '--text-5xl': '24px',
} as const;

const root = Object.entries(siteTokens)
  .map(([name, value]) => `${name}:${value}`)
  .join(';');

export const siteStyle = `:root{${root}}
*{box-sizing:border-box}
body{margin:0;font:var(--text-xl)/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--surface)}
a{color:var(--teal-600)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.wrap{max-width:1080px;margin:0 auto;padding:0 var(--space-6)}
.top{background:var(--navy-900);color:#fff}
.top .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--space-4);padding-block:var(--space-4)}
.brand{color:#fff;font-weight:700;font-size:var(--text-2xl);text-decoration:none;letter-spacing:.04em}
.brand span{color:var(--gold-500)}
.nav{display:flex;flex-wrap:wrap;gap:var(--space-4);margin:0;padding:0;list-style:none;font-size:var(--text-base)}
.nav a{color:var(--navy-100);text-decoration:none}
.nav a[aria-current=page]{color:#fff;border-bottom:2px solid var(--gold-500)}
.nav .cta{color:var(--navy-900);background:var(--gold-500);padding:var(--space-2) var(--space-3);border-radius:6px;font-weight:600}
.hero{background:var(--navy-700);color:#fff;padding:var(--space-16) 0 var(--space-10)}
.hero h1{font-size:clamp(28px,4vw,40px);line-height:1.2;margin:0 0 var(--space-4)}
.hero p{max-width:680px;color:var(--navy-100);margin:0}
main{padding:var(--space-10) 0 var(--space-16)}
main h2{font-size:var(--text-5xl);color:var(--navy-900);margin:var(--space-10) 0 var(--space-3)}
main h3{font-size:var(--text-2xl);color:var(--navy-900);margin:var(--space-6) 0 var(--space-2)}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:var(--space-6);margin:var(--space-6) 0}
.card{border:1px solid var(--border);border-radius:8px;padding:var(--space-6);background:var(--surface)}
.card h3{margin-top:0}
.band{background:var(--surface-alt);border-radius:8px;padding:var(--space-6);margin:var(--space-8) 0}
.figures{display:flex;flex-wrap:wrap;gap:var(--space-8);margin:var(--space-6) 0;padding:0;list-style:none}
.figures strong{display:block;font-size:var(--text-5xl);color:var(--navy-900)}
.muted{color:var(--text-muted)}
.notice{background:var(--teal-100);border-radius:8px;padding:var(--space-4) var(--space-6)}
.errors{background:var(--red-100);color:var(--red-600);border-radius:8px;padding:var(--space-4) var(--space-6)}
form.contact{display:grid;gap:var(--space-4);max-width:560px}
form.contact label{display:grid;gap:4px;font-weight:600;font-size:var(--text-base)}
form.contact input,form.contact select,form.contact textarea{font:inherit;padding:var(--space-2) var(--space-3);border:1px solid var(--border);border-radius:6px}
form.contact [aria-invalid=true]{border-color:var(--red-600)}
form.contact .field-error{color:var(--red-600);font-weight:400}
form.contact button{justify-self:start;font:inherit;font-weight:600;color:#fff;background:var(--teal-600);border:0;border-radius:6px;padding:var(--space-3) var(--space-6);cursor:pointer}
.foot{background:var(--navy-900);color:var(--navy-100);font-size:var(--text-base);padding:var(--space-10) 0}
.foot a{color:#fff}
.foot address{font-style:normal}
`;
