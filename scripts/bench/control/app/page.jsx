import { Counter } from './counter';

export default function Page() {
  return (
    <main style={{ padding: 16 }}>
      <h1>Stays in France</h1>
      <p>One heading, one paragraph and one client component: what Next.js and React cost a page alone.</p>
      <Counter />
    </main>
  );
}
