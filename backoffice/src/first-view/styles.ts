/**
 * The first view's look: the app's theme (theme.ts: navy, the text colours, 8 px corners, its
 * font) and MUI's type scale and spacing, as a phone lays the two pages out. Only below MUI's
 * `sm` breakpoint; on a wider screen the first view is not shown and the app shows as before.
 * While it is shown the app renders unseen beneath it (`#root` hidden, still laid out).
 */
export const FIRST_VIEW_CSS = `
#first-view{display:none}
@media (max-width:599.95px){
body[data-first-view] #root{visibility:hidden;position:absolute;top:0;left:0;right:0}
body[data-first-view] #first-view{display:block}
}
#first-view{font-family:"Inter","Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;-webkit-font-smoothing:antialiased}
:where(#first-view) :where(h1,h2,h3,p,dl,dd,ul){margin:0;padding:0}
.fv-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.fv-bar{height:48px;display:flex;align-items:center;padding:0 8px 0 5px;background:#1b2a4a;color:#fff}
.fv-bar-buttons{display:flex;margin-left:auto;flex-shrink:0}
.fv-menu,.fv-bar-button{flex:0 0 40px;height:40px;display:flex;align-items:center;justify-content:center}
.fv-menu{margin-right:8px}
.fv-bar-icon{width:24px;height:24px;fill:currentColor}
.fv-bar-title{min-width:0;font-size:1.25rem;line-height:1.6;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fv-main{padding:8px}
.fv-paper,.fv-card-box{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:8px}
.fv-paper{overflow:hidden}
.fv-tabs{display:flex;min-height:48px;white-space:nowrap}
.fv-tabs-scroller{display:flex;flex:1 1 auto;overflow:hidden}
.fv-tabs-arrow{flex:0 0 40px;display:flex;align-items:center;justify-content:center}
.fv-arrow-icon{width:20px;height:20px;fill:currentColor;color:#1f2937}
.fv-tab{flex:0 0 auto;min-width:90px;min-height:48px;box-sizing:border-box;padding:12px 16px;display:flex;align-items:center;justify-content:center;font-size:.875rem;line-height:1.25;font-weight:500;text-transform:uppercase;color:#5b6473}
.fv-tab-on{color:#1b2a4a;box-shadow:inset 0 -2px 0 #1b2a4a}
.fv-cards{list-style:none}
.fv-card{padding:12px 16px;border-bottom:1px solid rgba(0,0,0,.12)}
.fv-card-waiting{background:rgba(237,108,2,.08)}
.fv-card-overdue{box-shadow:inset 4px 0 0 #d32f2f}
.fv-card-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:8px}
.fv-primary{min-width:0;overflow-wrap:anywhere;font-size:1rem;line-height:1.5;font-weight:600}
.fv-tertiary{flex-shrink:0;max-width:100%}
.fv-chip{display:inline-flex;align-items:center;height:24px;box-sizing:border-box;padding:0 8px;border-radius:16px;font-size:.8125rem;line-height:1.5;vertical-align:middle;color:#fff;white-space:nowrap}
.fv-chip-default{color:#1f2937;border:1px solid #bdbdbd;padding:0 7px}
.fv-chip-success{background:#2e7d32}
.fv-chip-warning{background:#b45309}
.fv-chip-info{background:#01579b}
.fv-chip-error{background:#d32f2f}
.fv-chip-primary{background:#1b2a4a}
.fv-chip-secondary{background:#0f8b8d}
.fv-chip-icon .fv-icon{width:18px;height:18px;fill:#fff;margin:0 4px 0 -4px}
.fv-line{display:flex;align-items:center;gap:6px;flex-wrap:wrap}
.fv-line .fv-shrink{min-width:0;flex:1 1 0}
.fv-icon{width:20px;height:20px;flex:0 0 20px;fill:#5b6473}
.fv-body2,.fv-secondary,.fv-dl{font-size:.875rem;line-height:1.43}
.fv-timer{font-weight:600;font-variant-numeric:tabular-nums}
.fv-late{color:#d32f2f}
.fv-secondary{margin-top:4px;overflow-wrap:anywhere}
.fv-actions{display:flex;flex-wrap:wrap;gap:4px;margin-top:8px}
.fv-button{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-height:44px;min-width:64px;padding:5px 15px;border-radius:8px;font-size:.875rem;line-height:1.75;font-weight:500;text-transform:uppercase}
.fv-button-outlined{border:1px solid rgba(27,42,74,.5);color:#1b2a4a}
.fv-button-contained{padding:6px 16px;background:#1b2a4a;color:#fff;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.fv-button-icon{width:20px;height:20px;fill:currentColor;margin:0 8px 0 -4px}
.fv-empty{padding:16px}
.fv-dashboard{padding-top:16px}
.fv-h5{font-size:1.5rem;line-height:1.334;font-weight:600}
.fv-h6{font-size:1.25rem;line-height:1.6;font-weight:600}
.fv-h4{font-size:2.125rem;line-height:1.235}
.fv-welcome{margin-bottom:16px}
.fv-tabs-dashboard{margin-bottom:16px;border-bottom:1px solid rgba(0,0,0,.12)}
.fv-tab-header{margin-bottom:12px}
.fv-refresh{display:flex;align-items:center;gap:12px;margin-top:8px}
.fv-caption{font-size:.75rem;line-height:1.66}
.fv-button-small{min-height:0;min-width:64px;padding:3px 9px;border:1px solid rgba(27,42,74,.5);color:#1b2a4a;font-size:.8125rem;line-height:1.75}
.fv-button-icon-small{width:18px;height:18px;fill:currentColor;margin:0 8px 0 -2px}
.fv-card-box{padding:16px 16px 24px}
.fv-count{margin-top:16px;padding-bottom:16px}
.fv-overline{font-size:.75rem;line-height:2.66;text-transform:uppercase;font-weight:400}
.fv-agency{margin-bottom:8px}
.fv-info{display:flex;gap:8px}
.fv-info+.fv-info{margin-top:4px}
.fv-info dt{min-width:110px}
.fv-info dd{min-width:0;overflow-wrap:anywhere}
.fv-overview .fv-card-box:first-of-type{margin-top:0}
`
