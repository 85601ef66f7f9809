// Steps 2 to 4 of the wizard and step 1's check and error summary, loaded as one chunk after
// the first paint (with the pole page's last step, which shares the filing, the draft's and
// connection's notices, which share the filing's texts, and the side panel of steps 2 and 3).

export { contactErrors } from '../lib/contact-check.ts';
export { CompanyStep } from './company-step.tsx';
export { FilingStep } from './filing-step.tsx';
export { LocationStep } from './location-step.tsx';
export { PoleFilingStep } from './pole-filing-step.tsx';
export { StepErrors } from './step-errors.tsx';
export { SuccessScreen } from './success-screen.tsx';
export { SummaryPanel } from './summary-panel.tsx';
export { default as WizardNotices } from './wizard-notices.tsx';
