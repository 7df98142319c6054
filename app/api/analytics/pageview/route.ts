import { pageViewSchema } from '@/lib/schemas/pageView';

/** Accepts a page view (validated; stored once the database exists). */
export async function POST(request: Request) {
  const body: unknown = await request.json().catch(() => null);
  const parsed = pageViewSchema.safeParse(body);
  if (!parsed.success) {
    return Response.json(
      { code: 'validation_error', messages: [{ message: 'Invalid page view.', type: 'error' }] },
      { status: 400 },
    );
  }
  return new Response(null, { status: 204 });
}
