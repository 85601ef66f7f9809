// Steps 2 to 4 of the wizard, loaded as one chunk after the first paint.
export { CompanyStep } from './company-step.tsx';
export { LocationStep } from './location-step.tsx';
export { SuccessScreen } from './success-screen.tsx';
