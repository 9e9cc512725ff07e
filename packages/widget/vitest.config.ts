import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'widget',
    environment: 'happy-dom',
    // A real page address, so relative URLs in cells resolve the way they do on a customer's site.
    environmentOptions: { happyDOM: { url: 'https://customer.example.test/catalog/' } },
  },
});
