export { SynonymsStep } from './synonyms-step.tsx';
export { UrlRewritingStep } from './url-rewriting-step.tsx';
