// Steps 2 to 4 of the wizard, their summary and step 1's check, loaded as one chunk after the first
// paint (with the pole page's last step, which shares the filing, and the draft's and connection's
// notices, which share the filing's texts).

export { contactErrors } from '../lib/contact-check.ts';
export { CompanyStep } from './company-step.tsx';
export { FilingStep } from './filing-step.tsx';
export { LocationStep } from './location-step.tsx';
export { PoleFilingStep } from './pole-filing-step.tsx';
export { SuccessScreen } from './success-screen.tsx';
export { SummaryPanel } from './summary-panel.tsx';
export { default as WizardNotices } from './wizard-notices.tsx';
