/** The signed-in person's own profile (issue 23 item 3): name, picture, password and notification choices. */
export { ProfileScreen } from './components/profile-screen';
