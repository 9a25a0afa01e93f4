import type { Config } from 'tailwindcss';

// Tailwind 4 reads this through `@config` in app/globals.css; the theme lives here, in one place.
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#effaf8',
          100: '#d7f2ed',
          500: '#1f8f7e',
          600: '#177365',
          700: '#135c52',
          900: '#0c3a34',
        },
        sand: { 50: '#fbf8f3', 100: '#f3ece0', 200: '#e7d8bf' },
        ink: { 500: '#4a5565', 700: '#2a3441', 900: '#121a24' },
      },
      fontFamily: {
        sans: ['ui-sans-serif', 'system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
};

export default config;
