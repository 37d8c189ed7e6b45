import type { Config } from "tailwindcss";

// Tailwind 4 reads this through `@config` in app/globals.css. The palette is the app's: warm, calm, readable.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        cream: { 50: "#fffaf5", 100: "#fdf3e7", 200: "#f8e4cc" },
        "deep-teal": { DEFAULT: "#1f5f5b", 600: "#1f5f5b", 700: "#174a47", 800: "#113835", 50: "#e8f3f2", 100: "#cfe6e3" },
        sunflower: { DEFAULT: "#f2b632", 100: "#fdf0cc", 700: "#8a5d00" },
        "soft-tangerine": { DEFAULT: "#f08a5d", 100: "#fde4d8", 700: "#a2431a" },
        "soft-brown": { DEFAULT: "#8b6b4f", 100: "#efe5dc", 700: "#5c4330" },
        ink: { DEFAULT: "#2b2622", soft: "#5a514a" },
      },
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
        serif: ["ui-serif", "Georgia", "Cambria", "Times New Roman", "serif"],
      },
      borderRadius: { card: "1.25rem" },
      boxShadow: { card: "0 1px 2px rgba(43,38,34,0.06), 0 8px 24px rgba(43,38,34,0.08)" },
    },
  },
  plugins: [],
};

export default config;
