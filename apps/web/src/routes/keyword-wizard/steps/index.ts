export { UrlRewritingStep } from './url-rewriting-step.tsx';
