// The demo's people's names (prisma/seed/): a congregation's worth of first and last names from the many places
// the church meets, written by hand and spelt as their bearers spell them. The user form takes letters and spaces
// only, so names with an apostrophe or a hyphen are the guides' (whose form takes them); accents are letters to both.
// Mitchell and Johnson stay the demo guide's and the demo mentee's own.
import type { Presentation } from "./avatars.ts";

export type FirstName = { name: string; presentation: Presentation };

const women = [
  "Abigail", "Adaeze", "Alejandra", "Amara", "Ana", "Angela", "Anjali", "Aurélie", "Beatriz", "Bethany", "Bronwyn",
  "Camila", "Carmen", "Catherine", "Chidinma", "Chloé", "Claire", "Danielle", "Deborah", "Dorothy", "Eleanor", "Elena",
  "Elizabeth", "Esther", "Eunice", "Faith", "Fernanda", "Gabriela", "Hannah", "Heather", "Hélène", "Imani", "Inés",
  "Isabel", "Jasmine", "Joanna", "Joy", "Juliana", "Keisha", "Laura", "Leah", "Lucía", "Lydia", "Makena", "Margaret",
  "María", "Mariana", "Marisol", "Megan", "Mei", "Mercy", "Miriam", "Naomi", "Natalia", "Ngozi", "Nkechi", "Olivia",
  "Patience", "Priscilla", "Priya", "Rachel", "Rebecca", "Renée", "Rosa", "Ruth", "Sade", "Shanice", "Siobhán", "Sofia",
  "Susana", "Tamar", "Thandiwe", "Valentina", "Wanjiru", "Yolanda", "Zoë",
  // Guides only: the user form takes no hyphen.
  "Anne-Marie", "Hye-jin", "Mary-Kate", "Seo-yeon",
];
const men = [
  "Aaron", "Abraham", "Adebayo", "Alejandro", "André", "Andrew", "Anthony", "Benjamin", "Björn", "Caleb", "Callum",
  "Carlos", "Chinedu", "Christopher", "Curtis", "Daniel", "Darius", "Declan", "Diego", "Dmitri", "Dwayne", "Elijah",
  "Emmanuel", "Étienne", "Ethan", "Felipe", "Francisco", "Gabriel", "Gareth", "George", "Graham", "Gregory", "Isaac",
  "Jamal", "James", "Javier", "Jeremiah", "João", "Jonathan", "José", "Joseph", "Joshua", "Juan", "Kevin", "Kofi",
  "Kwame", "Luis", "Malachi", "Marcus", "Mateo", "Mateus", "Matthew", "Michael", "Moses", "Nathaniel", "Nicholas",
  "Nikolai", "Obinna", "Olumide", "Owen", "Patrick", "Paul", "Pedro", "Peter", "Rafael", "Raymond", "Reuben", "Rhys",
  "Ricardo", "Samuel", "Seamus", "Sebastián", "Simon", "Stephen", "Terrence", "Thomas", "Timothy", "Tomás", "Tunde",
  "Victor", "Wesley", "William", "Zachary",
  // Guides only.
  "Hyun-woo", "Jean-Luc", "Ji-ho", "Min-jun",
];

export const FIRST_NAMES: FirstName[] = [
  ...women.map((name) => ({ name, presentation: "f" as const })),
  ...men.map((name) => ({ name, presentation: "m" as const })),
];

export const LAST_NAMES = [
  "Achebe", "Adeyemi", "Alvarez", "Anderson", "Asante", "Baker", "Bautista", "Bennett", "Boateng", "Brooks", "Byrne",
  "Campbell", "Carter", "Castillo", "Chen", "Choi", "Coleman", "Cruz", "Da Silva", "Dlamini", "Douglas", "Doyle",
  "Duarte", "Edwards", "Ellis", "Eze", "Fernández", "Fischer", "Flores", "Foster", "Fraser", "García", "González",
  "Greene", "Guerrero", "Gutiérrez", "Håkansson", "Hall", "Hamilton", "Harris", "Hayes", "Henderson", "Hernández",
  "Hughes", "Ibrahim", "Jackson", "Jenkins", "Jiménez", "Kamau", "Kang", "Kim", "Kowalczyk", "Lee", "López",
  "Lundqvist", "MacLeod", "Martínez", "Mendes", "Mensah", "Miller", "Moreno", "Morgan", "Müller", "Murphy", "Mwangi",
  "Nakamura", "Nguyen", "Novak", "Nowak", "Nwosu", "Nyambura", "Ochieng", "Okafor", "Okonkwo", "Oliveira", "Ortiz",
  "Osei", "Park", "Patel", "Pereira", "Phillips", "Ramírez", "Reyes", "Richardson", "Rivera", "Robinson", "Rodríguez",
  "Ross", "Santos", "Schmidt", "Silva", "Soto", "Stewart", "Sullivan", "Svensson", "Tan", "Taylor", "Thompson", "Torres",
  "Turner", "Van der Berg", "Vargas", "Walker", "Washington", "Watson", "Wiśniewski", "Williams", "Wright", "Yoon",
  "Young", "Zhang",
  // Guides only: the user form takes no apostrophe or hyphen.
  "D'Souza", "McAllister-Reyes", "N'Diaye", "O'Brien", "O'Connor", "Ruiz-Martín", "Smith-Okafor",
];

/** What the user form takes as a name: letters and single spaces. */
export const takesUserName = (name: string) => /^\p{L}+(?: \p{L}+)*$/u.test(name);

export const MENTEE_FIRST_NAMES = FIRST_NAMES.filter(({ name }) => takesUserName(name));
export const MENTEE_LAST_NAMES = LAST_NAMES.filter(takesUserName);
