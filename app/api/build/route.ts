import { NextResponse } from 'next/server';
import { currentBuildId } from '@/lib/app/buildCheck';

export const dynamic = 'force-dynamic';

/** The running build's id; clients compare it with their own to notice a deploy. */
export function GET() {
  return NextResponse.json({ build_id: currentBuildId }, { headers: { 'Cache-Control': 'no-store' } });
}
