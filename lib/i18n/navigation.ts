import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// The only place the app gets Link, redirect and friends: they know the route table.
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
