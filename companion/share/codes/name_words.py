"""The words the name model learns before a code's unit names (format 4: codes/name_model.py).

What players call their units: the Halo pack's figure kinds, ranks and roles of war games, given and family names
from many languages. Its only job is to teach the model how such names are spelled
(letter pairs and triples, capitals after a space, whole words it may meet again), so a name it has never seen
still costs about half of what it costs as plain text. It is part of format 4: a test pins its checksum, and
changing a word would make every code written before unreadable (a new list needs a new format).
The benchmarks' made-up names (benchmarks/share_play.py) are kept out of it on purpose: they measure names
the model has never seen.
"""

from __future__ import annotations

HALO = """Master Chief, Spartan, Elite, Grunt, Jackal, Brute, Hunter, Marine, ODST, Sniper, Trooper, Sergeant,
Warthog, Ghost, Banshee, Scorpion, Wraith, Pelican, Phantom, Mongoose, Hornet, Covenant, Flood, Sentinel,
Zealot, Chieftain, Arbiter, Prophet, Engineer, Drone, Heavy, Minor, Major, Ultra, Ranger, Officer, Spec Ops,
Honor Guard, Stealth, Sword, Gravity Hammer, Plasma, Needler, Carbine, Battle Rifle, Assault Rifle, Shotgun,
Rocket, Spartan Laser, Energy Sword, Fuel Rod, Beam Rifle, Grenade, Shield, Armor, Mark, Noble, Reach,
Forerunner, Promethean, Knight, Crawler, Watcher, Guilty Spark, Gravemind, Lieutenant, Captain, Admiral,
Private, Corporal, Gunnery Sergeant"""
ROLES = """General, Colonel, Marshal, Specialist, Gunner, Scout, Medic, Pilot, Guard, Champion, Leader, Hero,
Assault, Recon, Support, Light, Squad, Team, Alpha, Bravo, Charlie, Delta, Echo, Foxtrot, Hotel, India, Kilo,
Lima, Oscar, Sierra, Tango, Victor, Whiskey, Yankee, Zulu, Iron, Steel, Storm, Shadow, Blade, Fire, Frost,
Thunder, Wolf, Hawk, Raven, Eagle, Lion, Dragon, Viper, Cobra, Phoenix, Titan, Spectre, Reaper, Striker,
Guardian, Paladin, Templar, Warlord, Berserker, Marauder, Raider, Outrider, Lancer, Hussar, Grenadier,
Fusilier, Dragoon, Legionary, Centurion, Praetorian, Tribune, Prefect, Sentry, Seeker, Stalker, Prowler,
Harrier, Interceptor, Destroyer, Devastator, Executioner, Enforcer, Protector, Defender, Avenger, Crusader,
Acolyte, Disciple, Oracle, Mystic, Shaman, Warlock, Sorcerer, Wizard, Mage, Witch, Priest, Cleric, Monk,
Druid, Bard, Rogue, Thief, Assassin, Mercenary, Mech, Tank, Gunship, Dropship, Cruiser, Frigate, Corvette,
Trainee, Recruit, Veteran, Elder, Chosen, Exile, Outcast, Nomad, Sapper, Demolitions, Heavy Weapons, Machine
Gunner, Sharpshooter, Marksman, Spotter, Operator, Agent, Warrior, Soldier, Fighter, Brawler, Duelist,
Swordsman, Archer, Bowman, Spearman, Horseman, Cavalry, Infantry, Armored, Mounted, Elite Guard, First Squad,
Second Squad, Fire Team, Strike Team, Kill Team, Command, Headquarters"""
GIVEN = """Anna, Maria, Elena, Sofia, Olga, Irina, Natalia, Katarina, Ivan, Dmitri, Sergei, Mikhail, Nikolai,
Pavel, Yuri, Boris, Anton, Lukas, Jonas, Felix, Oskar, Emil, Hans, Karl, Otto, Stefan, Jan, Piotr, Marek,
Andrzej, Krzysztof, Zofia, Agnieszka, Magdalena, Lars, Erik, Nils, Sven, Ingrid, Astrid, Freya, Maja, Liam,
Noah, Oliver, Elijah, James, William, Henry, Lucas, Benjamin, Theodore, Jack, Leo, Samuel, Daniel, Michael,
David, Joseph, Thomas, Charles, George, Edward, Arthur, Harold, Walter, Robert, Richard, Emma, Olivia, Ava,
Isabella, Mia, Charlotte, Amelia, Harper, Evelyn, Abigail, Emily, Grace, Chloe, Victoria, Alice, Clara, Rose,
Hazel, Ruby, Ivy, Nora, Lily, Zoe, Aisha, Fatima, Amina, Omar, Ahmed, Hassan, Karim, Tariq, Zainab, Layla,
Nadia, Samir, Yasmin, Kwame, Kofi, Ama, Chinedu, Ngozi, Emeka, Adaeze, Oluwaseun, Tunde, Folake, Amara, Zuri,
Jabari, Thabo, Sipho, Lerato, Hiroshi, Kenji, Yuki, Haruto, Sakura, Akira, Takeshi, Mei, Wei, Chen, Jun, Min,
Raj, Priya, Arjun, Ananya, Vikram, Deepa, Rohan, Kavya, Mateo, Santiago, Diego, Alejandro, Carlos, Javier,
Lucia, Valentina, Camila, Isabel, Pablo, Rafael, Gabriel, Miguel, Joao, Pedro, Beatriz, Ines, Giulia, Marco,
Luca, Matteo, Francesca, Chiara, Alessandro, Pierre, Louis, Jeanne, Camille, Manon, Hugo, Jules, Antoine,
Aoife, Siobhan, Niamh, Cormac, Declan, Eamon, Fiona, Morag, Angus, Hamish, Ewan, Rhys, Dylan, Gwen, Bronwen,
Cerys, Aleksander, Milan, Petra, Jana, Tereza, Zoltan, Istvan, Katalin, Dorota, Bogdan, Radek, Vaclav, Mirela,
Dragan, Nikola, Jelena, Goran, Ana, Ben, Sam, Max, Alex, Tom, Kate, Nick, Ella, Finn, Ida, Ola, Eva, Rosa,
Vera, Lena, Tess, Ruth, Saul, Abel, Cyrus, Darius, Xavier, Yves, Quentin, Ulrich, Wilhelm, Gunther, Dieter,
Jurgen, Helga, Greta, Hilde, Ludwig, Rainer"""
FAMILY = """Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez, Hernandez,
Lopez, Gonzalez, Wilson, Anderson, Taylor, Moore, Jackson, Martin, Lee, Thompson, White, Harris, Sanchez,
Clark, Ramirez, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Torres, Nguyen, Hill, Flores,
Green, Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts, Ivanov, Petrov, Smirnov,
Volkov, Sokolov, Novak, Kowalski, Nowak, Wojcik, Kaminski, Lewandowski, Zielinski, Schmidt, Schneider,
Fischer, Weber, Meyer, Wagner, Becker, Hoffmann, Schulz, Koch, Richter, Klein, Neumann, Schwarz, Zimmermann,
Braun, Hartmann, Lange, Werner, Krause, Lehmann, Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson,
Olsen, Hansen, Jensen, Nielsen, Pedersen, Virtanen, Korhonen, Nieminen, Rossi, Russo, Ferrari, Esposito,
Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, Costa, Dubois, Durand, Lefebvre, Moreau,
Laurent, Simon, Michel, Leroy, Roux, Fournier, Girard, Bonnet, Dupont, Lambert, Fontaine, Rousseau, Vincent,
Muller, Silva, Santos, Oliveira, Souza, Pereira, Ferreira, Alves, Rodrigues, Gomes, Ribeiro, Carvalho,
Almeida, Tanaka, Suzuki, Takahashi, Watanabe, Yamamoto, Nakamura, Kobayashi, Kato, Yoshida, Yamada, Sato, Kim,
Park, Choi, Jung, Kang, Cho, Yoon, Wang, Zhang, Liu, Yang, Huang, Zhao, Zhou, Sun, Zhu, Guo, Patel, Sharma,
Singh, Kumar, Gupta, Reddy, Iyer, Khan, Ali, Hussain, Mensah, Owusu, Boateng, Adeyemi, Okafor, Eze, Nwosu,
Mbeki, Dlamini, Ndlovu, Kariuki, Otieno, Mwangi, O'Brien, O'Connor, Murphy, Kelly, Walsh, Byrne, Ryan,
MacLeod, MacDonald, Fraser, Stewart, Murray, Reid, Ross, Evans, Hughes, Morgan, Phillips, Turner, Parker,
Collins, Edwards, Stevens, Morris, Cook, Rogers, Reed, Bailey, Cooper, Richardson, Cox, Howard, Ward,
Peterson, Gray, James, Watson, Brooks, Bennett, Wood, Barnes, Fisher, Henderson, Coleman, Jenkins, Perry,
Powell, Long, Patterson, Sullivan, Russell, Foster, Butler, Simmons, Bryant, Alexander, Griffin, Hayes, Myers,
Ford, Hamilton, Graham, Wallace, West, Cole, Owens, Reynolds, Fox, Webb, Stone, Hunt, Black, Knight"""
