export { InfluenceStep } from './influence-step.tsx';
export { SynonymsStep } from './synonyms-step.tsx';
export { TabsStep } from './tabs-step.tsx';
export { UrlRewritingStep } from './url-rewriting-step.tsx';
